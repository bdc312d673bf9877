import { backend, server } from './server';
import { opensAdminPanel } from '../../schema/rules/roles';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { actionsFor, type AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { startEntity, reach } from './harness';

const users = registry.users;
const action = (key: string) => {
  const found = users.actions.find((a) => a.key === key);
  if (!found) throw new Error(`users declare no ${key}`);
  return found;
};

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

async function ready() {
  const started = startEntity(users);
  await reach(started.list, (s) => s.matches('table'));
  const [open, locked] = started.list.getSnapshot().context.rows;
  if (!open || !locked) throw new Error('two users expected');
  return { ...started, open, locked };
}

describe('record action machine (users: lock, unlock)', () => {
  it('each row offers the actions its `when` allows', async () => {
    const { open, locked } = await ready();
    // The reset link applies to every account, locked or not.
    // The second factor's reset applies to accounts that open the panel only.
    const panelOnly = (row: AnyRow) => (opensAdminPanel(Number(row.role)) ? ['resetSecondFactor'] : []);
    expect(actionsFor(users, open).map((a) => a.key)).toEqual(['lock', 'resetPassword', ...panelOnly(open)]);
    expect(actionsFor(users, locked).map((a) => a.key)).toEqual(['unlock', 'resetPassword', ...panelOnly(locked)]);
  });

  it('an action with a question asks first: confirm → running → idle, toast, row patched in place', async () => {
    const { list, act, notices, open } = await ready();
    server.use(
      http.post('*/api/User/Lock', async () => HttpResponse.json({ record: { ...open, isLockout: true, version: 2 } })),
    );
    act.send({ type: 'row.action', row: open, action: action('lock') });
    expect(act.getSnapshot().value).toBe('confirming');
    expect(backend.count('POST /api/User/Lock')).toBe(0);
    act.send({ type: 'confirm' });
    expect(act.getSnapshot().value).toBe('running');
    await reach(act, (s) => s.matches('idle'));
    // The toast names the record it is about (the UI words it by its label).
    expect(notices).toEqual([{ kind: 'success', text: 'حساب کاربر قفل شد', subject: { entity: users, row: open } }]);
    // users patch after a save (afterSave: 'patch'), so no second list request.
    expect(list.getSnapshot().context.rows.find((r) => r.id === open.id)).toMatchObject({ isLockout: true, version: 2 });
    expect(backend.count(users.ops.list)).toBe(1);
  });

  it('cancel sends nothing', async () => {
    const { act, notices, open } = await ready();
    act.send({ type: 'row.action', row: open, action: action('lock') });
    act.send({ type: 'cancel' });
    expect(act.getSnapshot().value).toBe('idle');
    expect(act.getSnapshot().context.row).toBeNull();
    expect(backend.count('POST /api/User/Lock')).toBe(0);
    expect(notices).toEqual([]);
  });

  it('an action without a question runs at once and sends the version the admin saw', async () => {
    const { act, locked } = await ready();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/User/Unlock', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ record: { ...locked, isLockout: false, version: 2 } });
      }),
    );
    act.send({ type: 'row.action', row: { ...locked, version: 7 }, action: action('unlock') });
    expect(act.getSnapshot().value).toBe('running');
    await reach(act, (s) => s.matches('idle'));
    expect(bodies).toEqual([{ id: locked.id, version: 7 }]);
  });

  it('an action with inputs asks for them and sends them beside the id and version', async () => {
    const { act, open } = await ready();
    const prerequisite = registry.courses.fields.prerequisite;
    if (!prerequisite) throw new Error('courses have a prerequisite field');
    // The lock call with a declared input, as a schema's `fields` on an action makes it.
    const withReason = { ...action('lock'), fields: { reason: prerequisite } };
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/User/Lock', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ record: { ...open, isLockout: true, version: 2 } });
      }),
    );
    act.send({ type: 'row.action', row: open, action: withReason });
    expect(act.getSnapshot().value).toBe('confirming');
    act.send({ type: 'confirm', values: { reason: 'پرداخت نشده' } });
    await reach(act, (s) => s.matches('idle'));
    expect(bodies).toEqual([{ reason: 'پرداخت نشده', id: open.id, version: open.version }]);
  });

  it('a secret (an action declaring its result so) stays on screen (told) until dismissed, the list synced meanwhile', async () => {
    const { list, act, notices, open } = await ready();
    expect(action('resetPassword').result).toBe('secret');
    server.use(
      http.post('*/api/User/ResetPassword', () =>
        HttpResponse.json({ record: { ...open, version: 2 }, notice: 'https://academy.example/auth/reset/abc' }),
      ),
    );
    act.send({ type: 'row.action', row: open, action: action('resetPassword') });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('told'));
    expect(act.getSnapshot().context.notice).toBe('https://academy.example/auth/reset/abc');
    expect(list.getSnapshot().context.rows.find((r) => r.id === open.id)).toMatchObject({ version: 2 });
    expect(notices).toEqual([]);
    act.send({ type: 'dismiss' });
    expect(act.getSnapshot().value).toBe('idle');
    expect(act.getSnapshot().context.notice).toBeNull();
  });

  it('any other answer’s text is a result, not a secret: a toast with the text under it, no dialog', async () => {
    const { list, act, notices, open } = await ready();
    expect(action('lock').result).toBe('toast');
    server.use(http.post('*/api/User/Lock', () => HttpResponse.json({ record: { ...open, isLockout: true, version: 2 }, notice: '۳ فرزند حاضر ثبت شد' })));
    act.send({ type: 'row.action', row: open, action: action('lock') });
    act.send({ type: 'confirm' });
    await reach(act, (s) => !s.matches('running'));
    expect(act.getSnapshot().value).toBe('idle');
    expect(notices).toEqual([{ kind: 'success', text: 'حساب کاربر قفل شد', detail: '۳ فرزند حاضر ثبت شد', subject: { entity: users, row: open } }]);
    expect(act.getSnapshot().context.notice).toBeNull();
    expect(list.getSnapshot().context.rows.find((r) => r.id === open.id)).toMatchObject({ isLockout: true, version: 2 });
  });

  it('a refusal toasts the action’s failure with the server’s reason and reloads the list', async () => {
    const { list, act, notices, open } = await ready();
    server.use(http.post('*/api/User/Lock', () => HttpResponse.json({ message: 'نمی‌توانید حساب کاربری خودتان را قفل کنید' }, { status: 409 })));
    act.send({ type: 'row.action', row: open, action: action('lock') });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('idle'));
    expect(notices).toEqual([{ kind: 'error', text: 'قفل کردن حساب ناموفق بود', detail: 'نمی‌توانید حساب کاربری خودتان را قفل کنید', subject: { entity: users, row: open } }]);
    await reach(list, (s) => s.matches('table') && backend.count(users.ops.list) === 2);
  });

  it('a refusal the action declares a follow-up for offers it in the dialog, and accepting runs the follow-up with its own question', async () => {
    const { act, notices, open } = await ready();
    // The lock, declared with a follow-up on one refusal code, as a refund declares the manual record.
    const withFollowUp = { ...action('lock'), onRefusal: { lockedElsewhere: { action: 'resetPassword', offer: 'پیوند بازنشانی بفرستید' } } };
    server.use(
      http.post('*/api/User/Lock', () => HttpResponse.json({ message: 'درگاه نپذیرفت', refusal: 'lockedElsewhere' }, { status: 502 })),
      http.post('*/api/User/ResetPassword', () => HttpResponse.json({ record: { ...open, version: 2 }, notice: 'https://academy.example/auth/reset/x' })),
    );
    act.send({ type: 'row.action', row: open, action: withFollowUp });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('offering'));
    expect(notices).toEqual([]);
    expect(act.getSnapshot().context.followUp).toMatchObject({ action: { key: 'resetPassword' }, offer: 'پیوند بازنشانی بفرستید', reason: 'درگاه نپذیرفت' });
    act.send({ type: 'follow' });
    // The follow-up asks its own question, on the same record.
    expect(act.getSnapshot().value).toBe('confirming');
    expect(act.getSnapshot().context).toMatchObject({ action: { key: 'resetPassword' }, row: open, followUp: null });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('told'));
    expect(act.getSnapshot().context.notice).toBe('https://academy.example/auth/reset/x');
  });

  it('a refusal with another code, or none, is a plain failure toast; declining the offer sends nothing more', async () => {
    const { act, notices, open } = await ready();
    const withFollowUp = { ...action('lock'), onRefusal: { lockedElsewhere: { action: 'resetPassword', offer: 'پیوند بازنشانی بفرستید' } } };
    server.use(http.post('*/api/User/Lock', () => HttpResponse.json({ message: 'درگاه در دسترس نیست', refusal: 'other' }, { status: 502 })));
    act.send({ type: 'row.action', row: open, action: withFollowUp });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('idle'));
    expect(notices).toEqual([{ kind: 'error', text: 'قفل کردن حساب ناموفق بود', detail: 'درگاه در دسترس نیست', subject: { entity: users, row: open } }]);

    server.use(http.post('*/api/User/Lock', () => HttpResponse.json({ message: 'درگاه نپذیرفت', refusal: 'lockedElsewhere' }, { status: 502 })));
    act.send({ type: 'row.action', row: open, action: withFollowUp });
    act.send({ type: 'confirm' });
    await reach(act, (s) => s.matches('offering'));
    act.send({ type: 'cancel' });
    expect(act.getSnapshot().value).toBe('idle');
    expect(act.getSnapshot().context).toMatchObject({ row: null, action: null, followUp: null });
  });
});
