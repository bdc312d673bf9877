// Model-based paths through the record-action machine (tests/machines/model.ts), for every
// registry entity that declares actions, each action on the entity's first seeded record. An
// action whose `when` that record does not meet is answered by the double's own refusal.
import { backend } from './server';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AnyAction, AnyEntity, AnyRow } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { actionMachine } from '../../src/machines/actionMachine';
import { listMachine } from '../../src/machines/listMachine';
import { reach } from './harness';
import { eventsTaken, modelPaths, runPath, type Answer, type MachineModel } from './model';
import { sampleSeed } from '../support/msw-handlers';
import { sampleRow } from '../support/samples';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

const refused = 'این کار اکنون ممکن نیست';
const rowOf = (entity: AnyEntity): AnyRow => sampleSeed[entity.key]?.[0] ?? sampleRow(entity, 1);
const actionIn = (snapshot: AnyMachineSnapshot): AnyAction | null => snapshot.context.action ?? null;
/** The refusal code an action declares a follow-up for, if any. */
const followedCode = (action: AnyAction | null): string | undefined => Object.keys(action?.onRefusal ?? {})[0];
/** The double runs an action only on a record its `when` allows. */
const allowed = (action: AnyAction | null, row: AnyRow) => !action?.when || action.when(row);

/**
 * An action's inputs as an admin fills them: what the action starts its dialog with, else the first
 * of a few plain values its field's own validator takes (a reference names the seeded first record).
 */
function inputsOf(action: AnyAction | null, row: AnyRow): Record<string, unknown> {
  const initial = action?.initial?.(row) ?? {};
  const day = new Date(Date.UTC(2030, 0, 2, 10)).toISOString();
  return Object.fromEntries(
    Object.entries(action?.fields ?? {}).map(([name, field]) => {
      const candidates = [initial[name], field.input === 'references' ? [1] : 1, field.options?.[0]?.[0], 'نمونه', true, day, field.initial];
      return [name, candidates.find((value) => value !== undefined && v.safeParse(field.validate, value).success) ?? field.initial];
    }),
  );
}

function actionModel(entity: AnyEntity): MachineModel {
  const row = rowOf(entity);
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
    ...entity.actions.map((action) => ({ type: 'row.action', row, action })),
    { type: 'confirm', values: inputsOf(actionIn(snapshot), row) },
    { type: 'cancel' },
    { type: 'dismiss' },
    { type: 'follow' },
  ];
  return {
    machine: actionMachine,
    input: { entity, list: createActor(listMachine, { input: { entity } }) },
    events,
    answers: (snapshot) => {
      const action = actionIn(snapshot);
      return [...(allowed(action, row) ? ['success' as const] : []), 'conflict', 'offline', ...(followedCode(action) ? ['refusal' as const] : [])];
    },
    outcome: (snapshot, answer) => {
      if (answer === 'success') return { output: { record: row, notice: null, opens: null } };
      if (answer === 'offline') return { error: new ApiError(0, undefined) };
      const code = answer === 'refusal' ? followedCode(actionIn(snapshot)) : undefined;
      return { error: new ApiError(409, refused, { message: refused, ...(code ? { refusal: code } : {}) }) };
    },
    // Which action the dialog holds decides what `confirm` and the answers do.
    digest: (snapshot) => (actionIn(snapshot) ? ` (${actionIn(snapshot)?.key})` : ''),
  };
}

function arrangeAction(entity: AnyEntity) {
  const row = rowOf(entity);
  return (pending: AnyMachineSnapshot, answer: Answer) => {
    const action = actionIn(pending);
    if (!action) throw new Error(`no action in ${JSON.stringify(pending.value)}`);
    backend.succeed(action.op);
    // An action the record does not allow: the double's own `when` check refuses it.
    if (answer === 'conflict' && allowed(action, row)) backend.fail(action.op, { status: 409, message: refused });
    if (answer === 'refusal') backend.fail(action.op, { status: 409, message: refused, body: { refusal: followedCode(action) } });
    if (answer === 'offline') backend.answer(action.op, { status: 0, network: true });
  };
}

const withActions = registryKeys.filter((key) => registry[key].actions.length > 0);

describe.each(withActions.map((key) => [key, registry[key]] as const))('record action machine model: %s', (_, entity) => {
  const model = actionModel(entity);
  it('runs every action the entity declares', () => {
    const taken = eventsTaken(modelPaths(model));
    expect(entity.actions.filter((action) => !taken.includes(`row.action(${action.key})`)).map((action) => action.key)).toEqual([]);
  });
  it.each(modelPaths(model).map((path) => [path.name, path] as const))('%s', async (_path, path) => {
    const list = createActor(listMachine, { input: { entity } }).start();
    await reach(list, (s) => s.matches('table'), `the ${entity.key} list`);
    await runPath(model, path, { actor: createActor(actionMachine, { input: { entity, list } }), arrange: arrangeAction(entity) });
  });
});
