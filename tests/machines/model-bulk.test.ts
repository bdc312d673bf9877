// Model-based paths through the bulk machine (tests/machines/model.ts), for every registry entity:
// bulk delete where it declares a delete, bulk edit where it declares bulk-editable fields.
import { backend, server } from './server';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { bulkMachine } from '../../src/machines/bulkMachine';
import { listMachine } from '../../src/machines/listMachine';
import { reach } from './harness';
import { eventsTaken, modelPaths, runPath, type Answer, type MachineModel } from './model';
import { bulkHandlers } from '../support/msw-bulk';
import { sampleSeed } from '../support/msw-handlers';
import { sampleRow, sampleValue } from '../support/samples';

const bulk = bulkHandlers(backend);

beforeEach(() => {
  backend.reset();
  bulk.reset();
  clearGetCache();
});

const refusal = 'فهرست تغییر کرده است';
const rowOf = (entity: AnyEntity) => sampleSeed[entity.key]?.[0] ?? sampleRow(entity, 1);

/** The first declared bulk-editable field with a sample value, as the admin would choose it. */
function changeOf(entity: AnyEntity) {
  const [field] = entity.bulkEdit;
  const decl = field === undefined ? undefined : entity.decl.fields[field];
  return field === undefined || !decl ? null : { field, value: sampleValue(decl, 2), text: 'نمونه' };
}

function bulkModel(entity: AnyEntity): MachineModel {
  const selection = { kind: 'ids', ids: [rowOf(entity).id] };
  const change = changeOf(entity);
  const events: AnyEventObject[] = [
    ...(entity.ops.remove ? [{ type: 'bulk.delete', selection, count: 1 }] : []),
    ...(change ? [{ type: 'bulk.edit', selection, count: 1 }, { type: 'change', change }] : []),
    { type: 'confirm' },
    { type: 'cancel' },
    { type: 'dismiss' },
  ];
  return {
    machine: bulkMachine,
    input: { entity, list: createActor(listMachine, { input: { entity } }) },
    events: () => events,
    answers: () => ['success', 'empty', 'refusal', 'offline'],
    outcome: (snapshot, answer) => {
      const count = answer === 'success' ? 1 : 0;
      if (answer === 'success' || answer === 'empty') {
        return { output: snapshot.matches('deleting') ? { deleted: count, skipped: [] } : { updated: count, unchanged: 0, skipped: [] } };
      }
      return { error: new ApiError(answer === 'offline' ? 0 : 409, answer === 'offline' ? undefined : refusal) };
    },
  };
}

/** The double's next bulk answer: its own handlers (which delete or edit the chosen row), none done, a refusal, no connection. */
function arrangeBulk(entity: AnyEntity) {
  return (pending: AnyMachineSnapshot, answer: Answer) => {
    const deleting = pending.matches('deleting');
    const path = deleting ? `*/api/Admin/${entity.key}/bulk-delete` : `*${entity.ops.bulkEdit?.split(' ')[1] ?? ''}`;
    const none = deleting ? { deleted: 0, skipped: [] } : { updated: 0, unchanged: 0, skipped: [] };
    if (answer === 'success') server.use(...bulk.handlers);
    else if (answer === 'empty') server.use(http.post(path, () => HttpResponse.json(none)));
    else if (answer === 'refusal') server.use(http.post(path, () => HttpResponse.json({ message: refusal }, { status: 409 })));
    else server.use(http.post(path, () => HttpResponse.error()));
  };
}

const bulky = registryKeys.filter((key) => registry[key].ops.remove !== undefined || changeOf(registry[key]) !== null);

describe.each(bulky.map((key) => [key, registry[key]] as const))('bulk machine model: %s', (_, entity) => {
  const model = bulkModel(entity);
  it('offers bulk delete where the entity declares a delete and bulk edit where it declares bulk-editable fields', () => {
    const taken = eventsTaken(modelPaths(model));
    expect(taken.includes('bulk.delete'), 'bulk.delete').toBe(entity.ops.remove !== undefined);
    expect(taken.includes('bulk.edit'), 'bulk.edit').toBe(entity.decl.bulkEdit !== undefined && entity.decl.bulkEdit.length > 0);
  });
  it.each(modelPaths(model).map((path) => [path.name, path] as const))('%s', async (_path, path) => {
    const list = createActor(listMachine, { input: { entity } }).start();
    await reach(list, (s) => s.matches('table'), `the ${entity.key} list`);
    await runPath(model, path, { actor: createActor(bulkMachine, { input: { entity, list } }), arrange: arrangeBulk(entity) });
  });
});
