// Model-based paths through the delete machine (tests/machines/model.ts), for every registry
// entity that declares a delete; a refused delete offers deactivation where the entity has an
// `inActive` field, as the machine decides from the declaration.
import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { deleteMachine } from '../../src/machines/deleteMachine';
import { listMachine } from '../../src/machines/listMachine';
import { reach } from './harness';
import { eventsTaken, modelPaths, runPath, type Answer, type MachineModel } from './model';
import { sampleRow } from '../support/samples';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

const inUse = 'امکان حذف نیست: این رکورد در جای دیگری استفاده شده است';
const refusal = 'مقدار نمونه پذیرفته نیست';

/** A record of its own that nothing refers to, active where it may be switched off, added to the double before each path. */
const freshRow = (entity: AnyEntity) => ({ ...sampleRow(entity, 901), ...('inActive' in entity.allFields ? { inActive: false } : {}) });

function deleteModel(entity: AnyEntity): MachineModel {
  const row = freshRow(entity);
  const events: AnyEventObject[] = [{ type: 'row.delete', row }, { type: 'confirm' }, { type: 'cancel' }, { type: 'deactivate' }, { type: 'dismiss' }];
  return {
    machine: deleteMachine,
    input: { entity, list: createActor(listMachine, { input: { entity } }) },
    events: () => events,
    answers: (snapshot) => (snapshot.matches('deleting') ? ['success', 'conflict', 'offline'] : ['success', 'refusal', 'offline']),
    outcome: (snapshot, answer) => {
      if (answer === 'success') return { output: snapshot.matches('deleting') ? undefined : row };
      if (answer === 'conflict') return { error: new ApiError(409, inUse, { message: inUse }) };
      if (answer === 'refusal') return { error: new ApiError(400, refusal, { message: refusal }) };
      return { error: new ApiError(0, undefined) };
    },
    // Whether a refused delete may deactivate instead decides the `deactivate` that follows.
    digest: (snapshot) => (snapshot.context.canDeactivate === true ? ' (may deactivate)' : ''),
  };
}

function arrangeDelete(entity: AnyEntity) {
  return (pending: AnyMachineSnapshot, answer: Answer) => {
    const op = pending.matches('deleting') ? entity.ops.remove : entity.ops.update;
    if (!op) throw new Error(`${entity.key} has no operation for ${JSON.stringify(pending.value)}`);
    backend.succeed(op);
    if (answer === 'conflict') backend.fail(op, { status: 409, message: inUse });
    if (answer === 'refusal') backend.fail(op, { status: 400, message: refusal });
    if (answer === 'offline') backend.answer(op, { status: 0, network: true });
  };
}

const deletable = registryKeys.filter((key) => registry[key].ops.remove !== undefined);

describe.each(deletable.map((key) => [key, registry[key]] as const))('delete machine model: %s', (_, entity) => {
  const model = deleteModel(entity);
  it('offers to deactivate a record in use exactly where the entity declares an inActive field it can save', () => {
    expect(eventsTaken(modelPaths(model)).includes('deactivate')).toBe('inActive' in entity.decl.fields && entity.ops.update !== undefined);
  });
  it.each(modelPaths(model).map((path) => [path.name, path] as const))('%s', async (_path, path) => {
    backend.rows(entity.key).push(freshRow(entity));
    const list = createActor(listMachine, { input: { entity } }).start();
    await reach(list, (s) => s.matches('table'), `the ${entity.key} list`);
    await runPath(model, path, { actor: createActor(deleteMachine, { input: { entity, list } }), arrange: arrangeDelete(entity) });
  });
});
