// Model-based paths through the import machine (tests/machines/model.ts), for every registry
// entity its schema declares importable.
import { backend, server } from './server';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { isImportable } from '../../schema/importable';
import { registry, registryKeys } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { importMachine } from '../../src/machines/importMachine';
import { listMachine } from '../../src/machines/listMachine';
import { reach } from './harness';
import { modelPaths, runPath, type Answer, type MachineModel } from './model';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

const refusal = 'فایل باید با نوع text/csv ارسال شود';
const rejectedLine = { line: 2, message: 'مقدار الزامی است' };

/** The import's report: a dry run finds every row clean ('success') or one rejected ('refusal'); a write makes one row or none ('empty'). */
function report(checking: boolean, answer: Answer) {
  if (checking) return { created: 0, rows: 1, dryRun: true, rejected: answer === 'refusal' ? [rejectedLine] : [] };
  return { created: answer === 'success' ? 1 : 0, rows: 1, dryRun: false, rejected: [] };
}

function importModel(entity: AnyEntity): MachineModel {
  const events: AnyEventObject[] = [{ type: 'file.chosen', csv: 'a\nb\n', fileName: 'rows.csv' }, { type: 'submit' }, { type: 'reset' }];
  return {
    machine: importMachine,
    input: { entity, list: createActor(listMachine, { input: { entity } }) },
    events: () => events,
    // A dry run's refusal is a report with rejected lines; a write's is the server's 400.
    answers: (snapshot) => (snapshot.matches('checking') ? ['success', 'refusal', 'offline'] : ['success', 'empty', 'refusal', 'offline']),
    outcome: (snapshot, answer) => {
      const checking = snapshot.matches('checking');
      if (answer === 'offline') return { error: new ApiError(0, undefined) };
      if (answer === 'refusal' && !checking) return { error: new ApiError(400, refusal) };
      return { output: report(checking, answer) };
    },
    // Only a clean report may be submitted.
    digest: (snapshot) => (snapshot.context.report?.rejected.length === 0 ? ' (clean)' : ''),
  };
}

function arrangeImport(entity: AnyEntity) {
  return (pending: AnyMachineSnapshot, answer: Answer) => {
    const checking = pending.matches('checking');
    const path = `*/api/Admin/${entity.key}/import`;
    if (answer === 'offline') server.use(http.post(path, () => HttpResponse.error()));
    else if (answer === 'refusal' && !checking) server.use(http.post(path, () => HttpResponse.json({ message: refusal }, { status: 400 })));
    else server.use(http.post(path, () => HttpResponse.json(report(checking, answer))));
  };
}

const importable = registryKeys.filter((key) => isImportable(registry[key]));

describe.each(importable.map((key) => [key, registry[key]] as const))('import machine model: %s', (_, entity) => {
  const model = importModel(entity);
  it.each(modelPaths(model).map((path) => [path.name, path] as const))('%s', async (_path, path) => {
    const list = createActor(listMachine, { input: { entity } }).start();
    await reach(list, (s) => s.matches('table'), `the ${entity.key} list`);
    await runPath(model, path, { actor: createActor(importMachine, { input: { entity, list } }), arrange: arrangeImport(entity) });
  });
});
