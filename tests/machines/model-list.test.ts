// Model-based paths through the list machine (tests/machines/model.ts), for every registry entity,
// as the whole list and as pages of the list protocol.
import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import type { ListQueryParams } from '../../src/machines/entityApi';
import { listMachine } from '../../src/machines/listMachine';
import { modelPaths, runPath, type Answer, type MachineModel } from './model';
import { sampleSeed } from '../support/msw-handlers';
import { sampleRow } from '../support/samples';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

function listModel(entity: AnyEntity, query: ListQueryParams | null): MachineModel {
  // The rows the double is seeded with, which its success answers.
  const seeded = sampleSeed[entity.key] ?? [];
  const row = seeded[0] ?? sampleRow(entity, 1);
  const page = (rows: unknown[]) => (query ? { items: rows, total: rows.length } : rows);
  const events: AnyEventObject[] = [
    { type: 'reload' },
    ...(query ? [{ type: 'query.set', query: { ...query, sort: 'id' } }] : []),
    { type: 'row.patch', row },
    { type: 'row.removeLocal', id: row.id },
  ];
  return {
    machine: listMachine,
    input: { entity, query },
    events: () => events,
    answers: () => ['success', 'empty', 'offline', 'malformed'],
    outcome: (_, answer) => {
      if (answer === 'success') return { output: page(seeded) };
      if (answer === 'empty') return { output: page([]) };
      return { error: new ApiError(answer === 'offline' ? 0 : 200, undefined) };
    },
    // The rows the double answered reached the list (row.removeLocal takes one off both).
    check: (expected, actual) => expect(actual.context.total, 'rows in the list').toBe(expected.context.total),
  };
}

/** The double's list answers: the seed's rows, none, no connection, or a body that is no list. */
function arrangeList(entity: AnyEntity, query: ListQueryParams | null) {
  return (_: unknown, answer: Answer) => {
    const op = entity.ops.list;
    const at = entity.ops.listItemsAt;
    if (answer === 'success') backend.succeed(op);
    else if (answer === 'empty') backend.answer(op, { status: 200, body: query ? { items: [], total: 0, labels: { references: {}, columns: {}, names: {} } } : at ? { [at]: [] } : [] });
    else if (answer === 'offline') backend.answer(op, { status: 0, network: true });
    else backend.answer(op, { status: 200, body: { unexpected: true }, offContract: true });
  };
}

const queries: ReadonlyArray<[string, ListQueryParams | null]> = [
  ['whole list', null],
  ['paged', { page: '1', pageSize: '20' }],
];

describe.each(registryKeys.map((key) => [key, registry[key]] as const))('list machine model: %s', (_, entity) => {
  describe.each(queries)('%s', (_name, query) => {
    const model = listModel(entity, query);
    it.each(modelPaths(model).map((path) => [path.name, path] as const))('%s', async (_path, path) => {
      await runPath(model, path, { actor: createActor(listMachine, { input: { entity, query } }), arrange: arrangeList(entity, query) });
    });
  });
});
