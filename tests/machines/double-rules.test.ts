// The double refuses what the server refuses, from the same declarations and in the same words
// (server/engine/integrityRules.ts): a client that skips its own checks and sends a raw body meets
// the server's answer here too, not a double that takes anything.
import { backend } from './server';
import { beforeEach, describe, expect, it } from 'vitest';
import { entitySingular } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { clearGetCache } from '../../src/api/client';
import { ApiError, callOperation } from '../../src/api/operations';
import { actionTexts, integrityTexts } from '../../server/engine/integrityRules';
import { reach, startEntity } from './harness';
import { writeRefusal } from '../support/msw-rules';
import { sampleBody } from '../support/samples';

beforeEach(() => {
  backend.reset();
  clearGetCache();
});

/** What a raw call answers: its status and the server's message. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string | undefined }> {
  const error = await call.then(
    () => new Error('the double took it'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, message: error.serverMessage };
}

const courses = registry.courses;
const course = () => {
  const row = backend.rows('courses')[0];
  if (!row) throw new Error('no course');
  return row;
};
const updateBody = (changes: Record<string, unknown>) => {
  const { id, version, ...rest } = course();
  return { ...Object.fromEntries(Object.keys(courses.fields).map((name) => [name, rest[name]])), id, version, ...changes };
};

describe('the double enforces the server’s rules on a raw body', () => {
  it('a required field left out: 400 naming it', async () => {
    const { title: _title, ...body } = sampleBody(courses, 5);
    if (!courses.ops.create) throw new Error('courses are made');
    expect(await refusal(callOperation(courses.ops.create, { body }))).toEqual({ status: 400, message: `${courses.fields.title?.label} ارسال نشده است` });
  });

  it('a value the field’s validator refuses: 400 with the validator’s message', async () => {
    if (!courses.ops.update) throw new Error('courses are edited');
    const answer = await refusal(callOperation(courses.ops.update, { body: updateBody({ durationInHours: -3 }) }));
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/ساعت|مدت/);
  });

  it('a reference to a record that does not exist: 400 «… انتخاب‌شده وجود ندارد»', async () => {
    if (!courses.ops.update) throw new Error('courses are edited');
    expect(await refusal(callOperation(courses.ops.update, { body: updateBody({ categoryId: 999 }) }))).toEqual({
      status: 400,
      message: integrityTexts.missingReference('دسته‌بندی'),
    });
    expect(await refusal(callOperation(courses.ops.update, { body: updateBody({ assistantTeacherIds: [1, 999] }) }))).toEqual({
      status: 400,
      message: integrityTexts.missingReference(courses.fields.assistantTeacherIds?.label ?? ''),
    });
  });

  it('a stale version: 409 with the server’s message; a version that is no version: 400', async () => {
    if (!courses.ops.update) throw new Error('courses are edited');
    backend.editElsewhere('courses', course().id, { title: 'عنوان دیگر' });
    expect(await refusal(callOperation(courses.ops.update, { body: updateBody({ version: 1 }) }))).toEqual({ status: 409, message: integrityTexts.stale });
    expect(await refusal(callOperation(courses.ops.update, { body: updateBody({ version: 0 }) }))).toEqual({ status: 400, message: integrityTexts.badVersion });
  });

  it('a save that changes nothing keeps the version, as the server writes nothing', async () => {
    if (!courses.ops.update) throw new Error('courses are edited');
    const before = course().version;
    expect(await callOperation(courses.ops.update, { body: updateBody({}) })).toMatchObject({ version: before });
  });

  it('read-only and create-only fields in an update body are ignored; a password never enters the row', async () => {
    const users = registry.users;
    if (!users.ops.update || !users.ops.create) throw new Error('users are edited');
    const user = backend.rows('users').find((row) => row.id === 1);
    if (!user) throw new Error('no user');
    const body = { ...Object.fromEntries(Object.keys(users.fields).map((name) => [name, user[name]])), [users.ops.updateIdKey ?? 'id']: 1, version: user.version, firstName: 'دیگر', isLockout: true };
    const saved = await callOperation(users.ops.update, { body: { ...body, emailAddress: 'new@example.com' } });
    expect(saved).toMatchObject({ firstName: user.firstName, isLockout: false, emailAddress: 'new@example.com' });
    const created = await callOperation(users.ops.create, { body: sampleBody(users, 7) });
    expect(Object.keys(created ?? {})).not.toContain('password');
  });

  it('a delete of a record others refer to: 409 naming them; the form machine and the delete machine show it', async () => {
    const categories = registry.categories;
    const { list, remove, notices } = startEntity(categories);
    await reach(list, (s) => s.matches('table'), 'the category list');
    const used = list.getSnapshot().context.rows.find((row) => row.id === 1);
    if (!used) throw new Error('no category 1');
    remove.send({ type: 'row.delete', row: used });
    remove.send({ type: 'confirm' });
    const failed = await reach(remove, (s) => s.matches('failed'), 'the refused delete');
    const inUse = integrityTexts.inUse(1, entitySingular(courses), entitySingular(categories));
    expect(failed.context).toMatchObject({ refusal: inUse, canDeactivate: true });
    expect(notices.at(-1)).toMatchObject({ kind: 'error', detail: inUse });
    expect(backend.rows('categories').some((row) => row.id === 1)).toBe(true);
  });

  it('a form that lets a missing reference through meets the server’s refusal', async () => {
    const { list, form, notices } = startEntity(courses);
    await reach(list, (s) => s.matches('table'), 'the course list');
    const row = course();
    form.send({ type: 'open.edit', row });
    form.send({ type: 'submit', values: { ...form.getSnapshot().context.values, techerId: 4040 } });
    await reach(form, (s) => s.matches({ edit: 'editing' }) && notices.length > 0, 'the form again, told why');
    expect(notices.at(-1)).toEqual({ kind: 'error', text: integrityTexts.missingReference('مدرس') });
    expect(backend.rows('courses')[0]?.techerId).toBe(row.techerId);
  });

  it('a declared unique set already taken by another row: 409 «… تکراری است», as the database index answers', async () => {
    // No schema declares one today: a coupon declaring its code unique stands in for the next that does.
    const coupons = registry.coupons;
    const unique = { ...coupons, decl: { ...coupons.decl, unique: [['code']] } };
    const [taken, other] = backend.rows('coupons');
    if (!taken || !other) throw new Error('two coupons');
    const answer = writeRefusal(unique, unique.fields, backend.rows, { ...other, code: taken.code }, other.id);
    expect(answer?.status).toBe(409);
    expect(await answer?.json()).toEqual({ message: integrityTexts.duplicate(coupons.fields.code?.label ?? '') });
    expect(writeRefusal(unique, unique.fields, backend.rows, { ...taken }, taken.id)).toBeNull();
  });

  it('an action on a record whose state does not allow it: 409 with the action’s refusal', async () => {
    const lock = registry.users.actions.find((action) => action.key === 'lock');
    if (!lock) throw new Error('users lock');
    const locked = backend.rows('users').find((row) => row.isLockout === true);
    if (!locked) throw new Error('no locked user');
    expect(await refusal(callOperation(lock.op, { body: { id: locked.id, version: locked.version } }))).toEqual({
      status: 409,
      message: lock.refusal?.(locked) ?? actionTexts.notApplicable,
    });
  });
});
