// The record-action machine's own logic with its call provided (no double): when it asks first,
// what it runs with, what a result toasts or hands over, and which refusal offers a follow-up.
// The double-backed tests (actionMachine, transitions-rest) cover the wire.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { ApiError } from '../../src/api/operations';
import { actionMachine } from '../../src/machines/actionMachine';
import type { ActionInput, ActionResult } from '../../src/machines/entityApi';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { reach } from './harness';

const { users, orders, messages, courses } = registry;
const row: AnyRow = { id: 7, name: 'سارا', version: 2 };

function declared(entity: AnyEntity, key: string) {
  const found = entity.actions.find((a) => a.key === key);
  if (!found) throw new Error(`${entity.key} declare no ${key}`);
  return found;
}

const result = (over: Partial<ActionResult> = {}): ActionResult => ({ record: null, notice: null, opens: null, ...over });

function startAction(entity: AnyEntity, answer: (input: ActionInput) => ActionResult) {
  const notices: Notice[] = [];
  const runs: ActionInput[] = [];
  const opened: Array<number | null> = [];
  let reads = 0;
  const fetchList = fromPromise<AnyRow[], { entity: AnyEntity }>(async () => {
    reads += 1;
    return [row, { id: 8, name: 'علی' }];
  });
  const list = createActor(listMachine.provide({ actors: { fetchList } }), { input: { entity } }).start();
  const act = createActor(
    actionMachine.provide({
      actors: {
        runAction: fromPromise(async ({ input }: { input: ActionInput }) => {
          runs.push(input);
          return answer(input);
        }),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice), open: (_, id: number | null) => void opened.push(id) },
    }),
    { input: { entity, list } },
  ).start();
  return { list, act, notices, runs, opened, reads: () => reads };
}

describe('asking first', () => {
  it('an action with neither a question nor inputs runs at once', async () => {
    const { act, runs } = startAction(users, () => result());
    act.send({ type: 'row.action', row, action: declared(users, 'unlock') });
    expect(act.getSnapshot().value).toBe('running');
    await reach(act, (s) => s.matches('idle'), 'the action');
    expect(runs).toEqual([{ action: declared(users, 'unlock'), row, values: {} }]);
  });

  it('an action with inputs but no question asks for them, and runs with what was confirmed', async () => {
    const reply = declared(messages, 'reply');
    const { act, runs } = startAction(messages, () => result());
    act.send({ type: 'row.action', row, action: reply });
    expect(act.getSnapshot().value).toBe('confirming');
    act.send({ type: 'confirm', values: { channel: 'sms', text: 'سلام' } });
    await reach(act, (s) => s.matches('idle'), 'the reply');
    expect(runs[0]?.values).toEqual({ channel: 'sms', text: 'سلام' });
  });

  it('a confirmation without inputs runs with none', async () => {
    const { act, runs } = startAction(users, () => result());
    act.send({ type: 'row.action', row, action: declared(users, 'lock') });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('idle'), 'the lock');
    expect(runs[0]?.values).toEqual({});
  });
});

describe('what a result does', () => {
  it('toasts the action’s words with the server’s notice under them, about the row, and patches a patching list', async () => {
    const changed = { ...row, isLockout: true, version: 3 };
    const { list, act, notices, opened, reads } = startAction(users, () => result({ record: changed, notice: 'همه نشست‌ها بسته شد' }));
    await reach(list, (s) => s.matches('table'), 'the list');
    act.send({ type: 'row.action', row, action: declared(users, 'unlock') });
    await reach(act, (s) => s.matches('idle'), 'the action');
    expect(notices).toEqual([{ kind: 'success', text: 'قفل حساب کاربر باز شد', detail: 'همه نشست‌ها بسته شد', subject: { entity: users, row } }]);
    expect(list.getSnapshot().context.rows[0]).toEqual(changed);
    expect(reads()).toBe(1);
    expect(opened).toEqual([null]);
    expect(act.getSnapshot().context).toMatchObject({ row: null, action: null, values: {}, notice: null, followUp: null });
  });

  it('a result without a record has the list read again; one that made a record opens it', async () => {
    const { list, act, notices, opened, reads } = startAction(courses, () => result({ opens: 42 }));
    await reach(list, (s) => s.matches('table'), 'the list');
    act.send({ type: 'row.action', row, action: declared(courses, 'copyForNextTerm') });
    act.send({ type: 'confirm', values: { startsOn: '2026-09-22T20:30:00.000Z' } });
    await reach(act, (s) => s.matches('idle'), 'the copy');
    expect(notices).toEqual([{ kind: 'success', text: declared(courses, 'copyForNextTerm').succeeded, subject: { entity: courses, row } }]);
    expect(opened).toEqual([42]);
    await reach(list, () => reads() === 2, 'the list read again');
  });

  it('a secret is handed over and kept until closed, with no toast', async () => {
    const { act, notices } = startAction(users, () => result({ record: row, notice: 'https://academy.example/auth/reset/abc' }));
    act.send({ type: 'row.action', row, action: declared(users, 'resetPassword') });
    act.send({ type: 'confirm' });
    const told = await reach(act, (s) => s.matches('told'), 'the secret');
    expect(told.context.notice).toBe('https://academy.example/auth/reset/abc');
    expect(notices).toEqual([]);
    act.send({ type: 'dismiss' });
    expect(act.getSnapshot().context).toMatchObject({ notice: null, row: null });
  });

  it('a secret action answered without its secret toasts like any other', async () => {
    const { act, notices } = startAction(users, () => result({ record: row }));
    act.send({ type: 'row.action', row, action: declared(users, 'resetPassword') });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('idle'), 'the action');
    expect(notices).toEqual([{ kind: 'success', text: 'پیوند بازنشانی ساخته شد', subject: { entity: users, row } }]);
  });

  it('declining sends nothing and forgets the row', () => {
    const { act, runs } = startAction(users, () => result());
    act.send({ type: 'row.action', row, action: declared(users, 'lock') });
    act.send({ type: 'cancel' });
    expect(act.getSnapshot().context).toMatchObject({ row: null, action: null });
    expect(runs).toEqual([]);
  });
});

describe('refusals', () => {
  it('a refusal without a follow-up toasts the action’s failure with the reason and reads the list again', async () => {
    const { list, act, notices, reads } = startAction(users, () => { throw new ApiError(409, 'کاربر تغییر کرده است'); });
    await reach(list, (s) => s.matches('table'), 'the list');
    act.send({ type: 'row.action', row, action: declared(users, 'unlock') });
    await reach(act, (s) => s.matches('idle') && notices.length === 1, 'the refusal');
    expect(notices).toEqual([{ kind: 'error', text: 'باز کردن قفل حساب ناموفق بود', detail: 'کاربر تغییر کرده است', subject: { entity: users, row } }]);
    await reach(list, () => reads() === 2, 'the list read again');
  });

  it('a refusal the action declares a follow-up for offers it with the server’s reason; following asks the follow-up’s question', async () => {
    const refund = declared(orders, 'refund');
    const manual = declared(orders, 'manualRefund');
    const { act, runs, notices } = startAction(orders, (input) => {
      if (input.action.key === 'refund') throw new ApiError(400, 'درگاه بازگشت وجه را نپذیرفت', { refusal: 'gatewayRefused' });
      return result();
    });
    act.send({ type: 'row.action', row, action: refund });
    act.send({ type: 'confirm' });
    const offering = await reach(act, (s) => s.matches('offering'), 'the offer');
    expect(offering.context.followUp).toEqual({ action: manual, offer: refund.onRefusal?.gatewayRefused?.offer, reason: 'درگاه بازگشت وجه را نپذیرفت' });
    expect(notices).toEqual([]);
    act.send({ type: 'follow' });
    expect(act.getSnapshot().value).toBe('confirming');
    expect(act.getSnapshot().context).toMatchObject({ action: manual, followUp: null, values: {}, row });
    act.send({ type: 'confirm', values: { amountInTomans: 1000 } });
    await reach(act, (s) => s.matches('idle'), 'the follow-up');
    expect(runs.map((run) => [run.action.key, run.values])).toEqual([
      ['refund', {}],
      ['manualRefund', { amountInTomans: 1000 }],
    ]);
    expect(notices).toEqual([{ kind: 'success', text: manual.succeeded, subject: { entity: orders, row } }]);
  });

  it('an undeclared refusal code, or none, is an ordinary failure; the offer may be declined', async () => {
    const refund = declared(orders, 'refund');
    const codes = [{ refusal: 'somethingElse' }, undefined, { refusal: 'gatewayRefused' }];
    const { act, notices } = startAction(orders, () => { throw new ApiError(400, 'نه', codes.shift()); });
    for (const [toasted, expected] of [[1, 'idle'], [2, 'idle'], [2, 'offering']] as const) {
      act.send({ type: 'row.action', row, action: refund });
      act.send({ type: 'confirm' });
      await reach(act, (s) => s.matches(expected) && notices.length === toasted, `${expected} after a refusal`);
    }
    expect(notices.map((n) => n.text)).toEqual(['بازگشت وجه ناموفق بود', 'بازگشت وجه ناموفق بود']);
    act.send({ type: 'cancel' });
    expect(act.getSnapshot().context).toMatchObject({ followUp: null, row: null, action: null });
  });

  it('a refusal code on an action that declares no follow-ups is an ordinary failure', async () => {
    const { act, notices } = startAction(users, () => { throw new ApiError(400, 'نه', { refusal: 'gatewayRefused' }); });
    act.send({ type: 'row.action', row, action: declared(users, 'unlock') });
    await reach(act, (s) => s.matches('idle') && notices.length === 1, 'the refusal');
    expect(notices[0]?.text).toBe('باز کردن قفل حساب ناموفق بود');
  });

  it('a follow-up the entity does not have is no offer; one with inputs and no question asks for them', async () => {
    const refund = declared(orders, 'refund');
    const manual = declared(orders, 'manualRefund');
    const refused = () => { throw new ApiError(400, 'نه', { refusal: 'gatewayRefused' }); };
    const without = startAction({ ...orders, actions: [refund] }, refused);
    without.act.send({ type: 'row.action', row, action: refund });
    without.act.send({ type: 'confirm' });
    await reach(without.act, (s) => s.matches('idle') && without.notices.length === 1, 'the ordinary failure');
    const quiet = { ...manual, confirm: undefined };
    const asking = startAction({ ...orders, actions: [refund, quiet] }, refused);
    asking.act.send({ type: 'row.action', row, action: refund });
    asking.act.send({ type: 'confirm' });
    await reach(asking.act, (s) => s.matches('offering'), 'the offer');
    asking.act.send({ type: 'follow' });
    expect(asking.act.getSnapshot().value).toBe('confirming');
  });
});

describe('the list after a result', () => {
  it('an entity that reloads after a save reads the list again even when the action answers the record', async () => {
    const { list, act, reads } = startAction(courses, () => result({ record: { ...row, name: 'تازه' } }));
    await reach(list, (s) => s.matches('table'), 'the list');
    act.send({ type: 'row.action', row, action: declared(courses, 'resyncSessions') });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('idle'), 'the action');
    await reach(list, () => reads() === 2, 'the list read again');
    expect(list.getSnapshot().context.rows[0]).toEqual(row);
  });
});
