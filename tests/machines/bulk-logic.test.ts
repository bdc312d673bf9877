// The bulk and import machines' own logic with their calls provided (no double): what each call
// is asked with, what a report toasts, and what a refusal leaves on screen. The double-backed
// tests (bulkMachine, bulkEditMachine, transitions-bulk) cover the wire.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEntity, AnyRow } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { ApiError } from '../../src/api/operations';
import type { BulkChange, BulkDeleteInput, BulkDeleteResult, BulkEditResult, ImportInput, ImportResult } from '../../src/machines/bulkApi';
import { bulkFailureText } from '../../src/machines/bulkApi';
import { bulkChangeWords, bulkMachine } from '../../src/machines/bulkMachine';
import { importMachine } from '../../src/machines/importMachine';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';
import { reach } from './harness';

const { courses } = registry;
const selection = { kind: 'ids' as const, ids: [1, 2, 3] };
const change: BulkChange = { field: 'inActive', value: true, text: 'بله' };

function startList() {
  let reads = 0;
  const fetchList = fromPromise<AnyRow[], { entity: AnyEntity }>(async () => {
    reads += 1;
    return [];
  });
  const list = createActor(listMachine.provide({ actors: { fetchList } }), { input: { entity: courses } }).start();
  return { list, reads: () => reads };
}

function startBulk(answers: { remove?: () => BulkDeleteResult; edit?: () => BulkEditResult }) {
  const notices: Notice[] = [];
  const calls: BulkDeleteInput[] = [];
  let cleared = 0;
  const { list, reads } = startList();
  const bulk = createActor(
    bulkMachine.provide({
      actors: {
        bulkDelete: fromPromise(async ({ input }: { input: BulkDeleteInput }) => {
          calls.push(input);
          if (!answers.remove) throw new ApiError(500, undefined);
          return answers.remove();
        }),
        bulkEdit: fromPromise(async ({ input }: { input: BulkDeleteInput & { change: BulkChange } }) => {
          calls.push(input);
          if (!answers.edit) throw new ApiError(400, 'این فیلد را نمی‌توان گروهی تغییر داد');
          return answers.edit();
        }),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice), clearSelection: () => void (cleared += 1) },
    }),
    { input: { entity: courses, list } },
  ).start();
  return { list, bulk, notices, calls, cleared: () => cleared, reads };
}

describe('bulk delete', () => {
  it('nothing chosen opens nothing; a declined question forgets the choice', () => {
    const { bulk } = startBulk({});
    bulk.send({ type: 'bulk.delete', selection, count: 0 });
    expect(bulk.getSnapshot().value).toBe('idle');
    bulk.send({ type: 'bulk.delete', selection, count: 3 });
    expect(bulk.getSnapshot().context).toMatchObject({ selection, count: 3 });
    bulk.send({ type: 'cancel' });
    expect(bulk.getSnapshot().context).toMatchObject({ selection: null, count: 0, change: null });
  });

  it('deletes the confirmed count, toasts how many, clears the selection and reads the list again', async () => {
    const result = { deleted: 2, skipped: [{ id: 3, label: 'پایتون', reason: 'ثبت‌نام دارد' }] };
    const { list, bulk, notices, calls, cleared, reads } = startBulk({ remove: () => result });
    await reach(list, (s) => s.matches('table'), 'the list');
    bulk.send({ type: 'bulk.delete', selection, count: 3 });
    bulk.send({ type: 'confirm' });
    const done = await reach(bulk, (s) => s.matches('done'), 'the report');
    expect(calls).toEqual([{ entity: courses, selection, count: 3 }]);
    expect(done.context.result).toEqual(result);
    expect(notices).toEqual([{ kind: 'success', text: '۲ مورد حذف شد' }]);
    expect(cleared()).toBe(1);
    await reach(list, () => reads() === 2, 'the list read again');
    bulk.send({ type: 'dismiss' });
    expect(bulk.getSnapshot().context.result).toBeNull();
  });

  it('a delete that removed nothing says so as an error', async () => {
    const { bulk, notices } = startBulk({ remove: () => ({ deleted: 0, skipped: [] }) });
    bulk.send({ type: 'bulk.delete', selection, count: 3 });
    bulk.send({ type: 'confirm' });
    await reach(bulk, (s) => s.matches('done'), 'the report');
    expect(notices).toEqual([{ kind: 'error', text: 'هیچ موردی حذف نشد' }]);
  });

  it('a refused delete keeps its reason on screen until dismissed, then a new one starts clean', async () => {
    const { bulk, notices } = startBulk({});
    bulk.send({ type: 'bulk.delete', selection, count: 3 });
    bulk.send({ type: 'confirm' });
    const failed = await reach(bulk, (s) => s.matches('failed'), 'the refusal');
    expect(failed.context.error).toBe('حذف گروهی انجام نشد');
    expect(notices).toEqual([{ kind: 'error', text: 'حذف گروهی انجام نشد' }]);
    bulk.send({ type: 'bulk.edit', selection, count: 2 });
    expect(bulk.getSnapshot().context).toMatchObject({ error: null, result: null, count: 2 });
    bulk.send({ type: 'cancel' });
    bulk.send({ type: 'bulk.delete', selection, count: 1 });
    bulk.send({ type: 'confirm' });
    await reach(bulk, (s) => s.matches('failed'), 'the refusal again');
    bulk.send({ type: 'dismiss' });
    expect(bulk.getSnapshot().context.error).toBeNull();
  });
});

describe('bulk edit', () => {
  it('sets the chosen field on the confirmed rows and words the toast as the question', async () => {
    const { bulk, notices, calls } = startBulk({ edit: () => ({ updated: 2, unchanged: 1, skipped: [] }) });
    bulk.send({ type: 'bulk.edit', selection, count: 3 });
    expect(bulk.getSnapshot().value).toBe('choosing');
    bulk.send({ type: 'change', change });
    expect(bulk.getSnapshot().context.change).toEqual(change);
    bulk.send({ type: 'confirm' });
    await reach(bulk, (s) => s.matches('done'), 'the report');
    expect(calls).toEqual([{ entity: courses, selection, count: 3, change }]);
    const [label, , one] = bulkChangeWords(courses, change, 3);
    expect(notices).toEqual([{ kind: 'success', text: `${label} ۳ ${one} به «بله» تغییر کرد` }]);
  });

  it('an edit that saved nothing is an error; a refused one shows the server’s reason', async () => {
    const none = startBulk({ edit: () => ({ updated: 0, unchanged: 0, skipped: [{ id: 1, label: 'x', reason: 'y' }] }) });
    none.bulk.send({ type: 'bulk.edit', selection, count: 3 });
    none.bulk.send({ type: 'change', change });
    none.bulk.send({ type: 'confirm' });
    await reach(none.bulk, (s) => s.matches('done'), 'the report');
    expect(none.notices).toEqual([{ kind: 'error', text: 'هیچ موردی ویرایش نشد' }]);
    const refused = startBulk({});
    refused.bulk.send({ type: 'bulk.edit', selection, count: 3 });
    refused.bulk.send({ type: 'change', change });
    refused.bulk.send({ type: 'confirm' });
    const failed = await reach(refused.bulk, (s) => s.matches('failed'), 'the refusal');
    expect(failed.context.error).toBe('این فیلد را نمی‌توان گروهی تغییر داد');
    expect(refused.notices).toEqual([{ kind: 'error', text: 'این فیلد را نمی‌توان گروهی تغییر داد' }]);
  });

  it('declining at either step forgets the choice', () => {
    const { bulk } = startBulk({});
    bulk.send({ type: 'bulk.edit', selection, count: 3 });
    bulk.send({ type: 'cancel' });
    expect(bulk.getSnapshot().context).toMatchObject({ selection: null, count: 0 });
    bulk.send({ type: 'bulk.edit', selection, count: 3 });
    bulk.send({ type: 'change', change });
    bulk.send({ type: 'cancel' });
    expect(bulk.getSnapshot().context).toMatchObject({ selection: null, count: 0, change: null });
  });

  it('names an undeclared field by itself, and a failure without the server’s words by the screen’s', () => {
    expect(bulkChangeWords(courses, { field: 'nope', value: 1, text: '۱' }, 12)[0]).toBe('nope');
    expect(bulkChangeWords(courses, change, 1234)[1]).toBe('۱٬۲۳۴');
    expect(bulkFailureText(new ApiError(400, 'دلیل'), 'متن')).toBe('دلیل');
    expect(bulkFailureText(new ApiError(400, undefined), 'متن')).toBe('متن');
    expect(bulkFailureText(new Error('دلیل'), 'متن')).toBe('متن');
  });
});

describe('import', () => {
  const report = (over: Partial<ImportResult>): ImportResult => ({ created: 0, rows: 2, dryRun: true, rejected: [], ...over });

  function startImport(answer: (input: ImportInput) => ImportResult) {
    const notices: Notice[] = [];
    const calls: ImportInput[] = [];
    const { list, reads } = startList();
    const importer = createActor(
      importMachine.provide({
        actors: {
          importCsv: fromPromise(async ({ input }: { input: ImportInput }) => {
            calls.push(input);
            return answer(input);
          }),
        },
        actions: { notify: (_, notice: Notice) => void notices.push(notice) },
      }),
      { input: { entity: courses, list } },
    ).start();
    return { list, importer, notices, calls, reads };
  }

  it('checks a chosen file without writing, imports a clean one and reads the list again', async () => {
    const { list, importer, notices, calls, reads } = startImport((input) => (input.dryRun ? report({}) : report({ created: 2, dryRun: false })));
    await reach(list, (s) => s.matches('table'), 'the list');
    expect(importer.getSnapshot().context).toMatchObject({ csv: '', fileName: '', report: null, error: null });
    importer.send({ type: 'file.chosen', csv: 'title\nالف\nب', fileName: 'courses.csv' });
    const checked = await reach(importer, (s) => s.matches('checked'), 'the check');
    expect(checked.context).toMatchObject({ fileName: 'courses.csv', report: report({}), error: null });
    importer.send({ type: 'submit' });
    await reach(importer, (s) => s.matches('imported'), 'the import');
    expect(calls).toEqual([
      { entity: courses, csv: 'title\nالف\nب', dryRun: true },
      { entity: courses, csv: 'title\nالف\nب', dryRun: false },
    ]);
    expect(notices).toEqual([{ kind: 'success', text: '۲ ردیف با موفقیت ثبت شد' }]);
    await reach(list, () => reads() === 2, 'the list read again');
    importer.send({ type: 'reset' });
    expect(importer.getSnapshot().context).toMatchObject({ csv: '', fileName: '', report: null, error: null });
  });

  it('a file with a rejected line cannot be submitted; an import that wrote nothing is a report, not a toast', async () => {
    const rejected = [{ line: 2, message: 'عنوان الزامی است' }];
    let check = report({ rejected });
    const { importer, notices, calls } = startImport((input) => (input.dryRun ? check : report({ created: 0, dryRun: false, rejected })));
    importer.send({ type: 'file.chosen', csv: 'a', fileName: 'a.csv' });
    await reach(importer, (s) => s.matches('checked'), 'the check');
    importer.send({ type: 'submit' });
    expect(importer.getSnapshot().value).toBe('checked');
    check = report({});
    importer.send({ type: 'file.chosen', csv: 'b', fileName: 'b.csv' });
    await reach(importer, (s) => s.matches('checked') && s.context.fileName === 'b.csv' && s.context.report !== null, 'the second check');
    importer.send({ type: 'submit' });
    await reach(importer, (s) => s.matches('checked') && s.context.report?.dryRun === false, 'the refused import');
    expect(importer.getSnapshot().context.report?.rejected).toEqual(rejected);
    expect(notices).toEqual([]);
    expect(calls.map((c) => c.dryRun)).toEqual([true, true, false]);
  });

  it('a refused file says why; a failed import also toasts it', async () => {
    let refuseCheck = true;
    const { importer, notices } = startImport((input) => {
      if (input.dryRun && refuseCheck) throw new ApiError(400, 'ستون ناشناخته: رنگ');
      if (input.dryRun) return report({});
      throw new ApiError(0, undefined);
    });
    importer.send({ type: 'file.chosen', csv: 'رنگ', fileName: 'a.csv' });
    const failed = await reach(importer, (s) => s.matches('failed'), 'the refusal');
    expect(failed.context.error).toBe('ستون ناشناخته: رنگ');
    expect(notices).toEqual([]);
    refuseCheck = false;
    importer.send({ type: 'file.chosen', csv: 'x', fileName: 'b.csv' });
    await reach(importer, (s) => s.matches('checked'), 'the check');
    importer.send({ type: 'submit' });
    await reach(importer, (s) => s.matches('failed'), 'the failed import');
    expect(importer.getSnapshot().context.error).toBe('ورود اطلاعات انجام نشد');
    expect(notices).toEqual([{ kind: 'error', text: 'ورود اطلاعات انجام نشد' }]);
  });
});
