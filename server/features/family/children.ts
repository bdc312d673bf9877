// A parent's children: every query scoped to the token's user, so another family's child
// answers 404, as if absent. One rule for a child (schema/rules/forms/childRules.ts).
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { components } from '../../../codegen/openapi.gen';
import { ChildSchema, childLabels } from '../../../schema/rules/forms/childRules';
import type { DB } from '../../platform/db';
import { HttpError, texts } from '../../platform/errors';
import { plugIn, type CreateHook } from '../../engine/behaviours';
import { currentUser, id, idBody, parse } from '../../platform/http';
import { ownChild, ownershipTexts } from '../identity/port';

type Schemas = components['schemas'];

const childCreate = v.object(ChildSchema.entries, texts.notObject);
const childUpdate = v.object({ ...ChildSchema.entries, id: id('شناسه') }, texts.notObject);
const childBodyLabels = { ...childLabels, id: 'شناسه' };

export const childTexts = {
  childEnrolled: 'این فرزند در دوره‌ای ثبت‌نام شده است و حذف نمی‌شود',
} as const;

const childColumns = ['id', 'firstName', 'lastName', 'birthDate', 'grade'] as const;

/** GET /api/Children */
export async function listChildren(db: DB, request: FastifyRequest): Promise<Schemas['Child'][]> {
return db.selectFrom('children').select(childColumns).where('userId', '=', currentUser(request).id).orderBy('id').execute();
}

/** POST /api/Children/Create */
export async function createChild(db: DB, request: FastifyRequest): Promise<Schemas['Child']> {
  const body = parse(childCreate, request.body, childBodyLabels);
  return db
    .insertInto('children')
    .values({ ...body, userId: currentUser(request).id })
    .returning(childColumns)
    .executeTakeFirstOrThrow();
}

/** PUT /api/Children/Update */
export async function updateChild(db: DB, request: FastifyRequest): Promise<Schemas['Child']> {
  const { id: childId, ...fields } = parse(childUpdate, request.body, childBodyLabels);
  const child = await db
    .updateTable('children')
    .set(fields)
    .where('id', '=', childId)
    .where('userId', '=', currentUser(request).id)
    .returning(childColumns)
    .executeTakeFirst();
  if (!child) throw new HttpError(404, ownershipTexts.childNotFound);
  return child;
}

/** DELETE /api/Children/Delete */
export async function deleteChild(db: DB, request: FastifyRequest): Promise<Schemas['Deleted']> {
  const { id: childId } = parse(idBody, request.body, { id: 'شناسه' });
  const userId = currentUser(request).id;
  return db.transaction().execute(async (trx) => {
    await ownChild(trx, userId, childId);
    // A child with a paid course keeps their record: the enrolment is the proof of payment.
    const enrolled = await trx.selectFrom('enrollments').select('id').where('childId', '=', childId).executeTakeFirst();
    if (enrolled) throw new HttpError(409, childTexts.childEnrolled);
    await trx.deleteFrom('children').where('id', '=', childId).execute();
    return { id: childId };
  });
}

export const childAdminTexts = { noParent: 'والد فرزند را انتخاب کنید' } as const;

/** A child an admin adds for a parent (schema/children.ts's create): the parent's own rule for a child, and a parent chosen. */
const createForParent: CreateHook = async (values) => {
  const child = parse(childCreate, values, childBodyLabels);
  const userId = Number(values.userId ?? 0);
  if (userId <= 0) throw new HttpError(400, childAdminTexts.noParent);
  return { ...child, userId };
};

export function plugInChildren(): void {
  plugIn('children', { create: createForParent });
}
