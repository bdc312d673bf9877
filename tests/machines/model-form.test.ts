// Model-based paths through the form machine (tests/machines/model.ts), for every registry entity
// that can be added or edited (its declared create and update operations say which).
import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { editRecord, savePreviewOp, type AnyEntity } from '../../schema/define';
import { registry, registryKeys } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError } from '../../src/api/operations';
import { formMachine } from '../../src/machines/formMachine';
import { listMachine } from '../../src/machines/listMachine';
import { reach } from './harness';
import { eventsTaken, modelPaths, runPath, type Answer, type MachineModel } from './model';
import { sampleSeed } from '../support/msw-handlers';
import { sampleBody, sampleRow } from '../support/samples';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

const refusal = 'مقدار نمونه پذیرفته نیست';
const saving = (snapshot: AnyMachineSnapshot) => snapshot.matches({ add: 'saving' }) || snapshot.matches({ edit: 'saving' });
const adding = (snapshot: AnyMachineSnapshot) => snapshot.matches('add');

function formModel(entity: AnyEntity): MachineModel {
  const row = sampleSeed[entity.key]?.[0] ?? sampleRow(entity, 1);
  const addValues = sampleBody(entity, 7);
  const editValues = editRecord(entity, row);
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
    { type: 'open.add' },
    { type: 'open.edit', row },
    { type: 'close' },
    { type: 'submit', values: adding(snapshot) ? addValues : editValues },
    { type: 'conflict.reload' },
    { type: 'conflict.overwrite' },
    { type: 'signedIn' },
    { type: 'signIn.cancel' },
    { type: 'preview.confirm' },
    { type: 'preview.cancel' },
  ];
  return {
    machine: formMachine,
    input: { entity, list: createActor(listMachine, { input: { entity } }) },
    events,
    // A save that meets another admin's version only exists for an edit.
    answers: (snapshot) =>
      saving(snapshot) ? ['success', 'refusal', 'offline', 'expired', ...(adding(snapshot) ? [] : ['conflict' as const])] : ['empty', 'success', 'refusal', 'expired'],
    outcome: (snapshot, answer) => {
      if (answer === 'expired') return { error: new ApiError(401, 'نشست شما به پایان رسیده است') };
      if (answer === 'refusal') return { error: new ApiError(400, refusal) };
      if (answer === 'offline') return { error: new ApiError(0, undefined) };
      if (answer === 'conflict') {
        const current = { ...row, version: Number(row.version ?? 1) + 1 };
        return { error: new ApiError(409, 'stale', { message: 'stale', conflict: { current, changedFields: [], changedBy: null, changedAt: null } }) };
      }
      if (!saving(snapshot)) return { output: answer === 'success' ? ['جلسه‌ای لغو می‌شود'] : [] };
      return { output: row };
    },
  };
}

/** The double's answer to the form's next request: the save (create or update) or its preview. */
function arrangeForm(entity: AnyEntity) {
  const row = sampleSeed[entity.key]?.[0] ?? sampleRow(entity, 1);
  return (pending: AnyMachineSnapshot, answer: Answer) => {
    const op = saving(pending) ? (adding(pending) ? entity.ops.create : entity.ops.update) : savePreviewOp(entity);
    if (!op) throw new Error(`${entity.key} has no operation for ${JSON.stringify(pending.value)}`);
    backend.succeed(op);
    if (answer === 'success' && !saving(pending)) backend.previewLines(entity.key, ['جلسه‌ای لغو می‌شود']);
    if (answer === 'empty') backend.previewLines(entity.key, []);
    if (answer === 'refusal') backend.fail(op, { status: 400, message: refusal });
    if (answer === 'expired') backend.fail(op, { status: 401, message: 'نشست شما به پایان رسیده است' });
    if (answer === 'offline') backend.answer(op, { status: 0, network: true });
    // Another admin saves the record first: the double's own version check refuses this save.
    if (answer === 'conflict') backend.editElsewhere(entity.key, row.id, {});
  };
}

const editable = registryKeys.filter((key) => registry[key].ops.create !== undefined || registry[key].ops.update !== undefined);

describe.each(editable.map((key) => [key, registry[key]] as const))('form machine model: %s', (_, entity) => {
  const model = formModel(entity);
  it('opens for what the entity declares: add where it declares a create, edit where it declares an update', () => {
    const taken = eventsTaken(modelPaths(model));
    expect(taken.includes('open.add'), 'open.add').toBe(entity.ops.create !== undefined);
    expect(taken.includes('open.edit'), 'open.edit').toBe(entity.ops.update !== undefined);
  });
  it.each(modelPaths(model).map((path) => [path.name, path] as const))('%s', async (_path, path) => {
    const list = createActor(listMachine, { input: { entity } }).start();
    await reach(list, (s) => s.matches('table'), `the ${entity.key} list`);
    await runPath(model, path, { actor: createActor(formMachine, { input: { entity, list } }), arrange: arrangeForm(entity) });
  });
});
