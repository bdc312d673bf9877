// The class sessions' record actions (schema/classSessions.ts): taking the roll. `roll` makes the
// attendance rows (schema/attendance.ts) of the children actively enrolled in the session's course
// and drops the still-unmarked rows of children who are no longer; `allPresent` does the same and
// marks every unmarked child present. Each attendance row written gets its own audit entry (the
// action runner audits the session itself). The unique (sessionId, childId) index makes two
// admins opening the same roll at once harmless.
import { registry } from '../../../schema/registry.gen';
import { plugIn, type ActionContext, type ActionHandler } from '../../engine/behaviours';
import { recordAudit } from '../../engine/audit';
import { nowIso } from '../../platform/db';
import { formatPersianNumber } from '../../../schema/rules/text';

export const attendanceTexts = {
  rollMade: (added: number, total: number) =>
    added > 0
      ? `${formatPersianNumber(added)} فرزند به فهرست افزوده شد؛ فهرست این جلسه ${formatPersianNumber(total)} فرزند دارد`
      : `فهرست این جلسه ${formatPersianNumber(total)} فرزند دارد`,
  noRoster: 'هیچ فرزندی در این دوره ثبت‌نام فعال ندارد',
  allMarked: (marked: number) => (marked > 0 ? `${formatPersianNumber(marked)} فرزند حاضر ثبت شد` : 'حضور همه فرزندان پیش‌تر ثبت شده بود'),
} as const;

/** Makes the session's roster rows; answers how many were added and how many there are now. */
async function makeRoster({ trx, record, actor, via }: Pick<ActionContext, 'trx' | 'record' | 'actor' | 'via'>): Promise<{ added: number; total: number }> {
  const sessionId = Number(record.id);
  const enrolments = await trx
    .selectFrom('enrollments')
    .select(['id', 'childId'])
    .where('courseId', '=', Number(record.courseId))
    .where('status', '=', 'active')
    .execute();
  const enrolled = new Set(enrolments.map((e) => e.childId));
  const existing = await trx.selectFrom('attendance').selectAll().where('sessionId', '=', sessionId).execute();
  const have = new Set(existing.map((row) => row.childId));
  // An unmarked row of a child who has left the course (cancelled, moved) was never a record.
  for (const row of existing) {
    if (row.status !== 'unmarked' || enrolled.has(row.childId)) continue;
    await trx.deleteFrom('attendance').where('id', '=', row.id).execute();
    await recordAudit(trx, { actor, entity: registry.attendance, recordId: row.id, action: 'delete', before: row, after: null, via });
  }
  let added = 0;
  for (const enrolment of enrolments) {
    if (have.has(enrolment.childId)) continue;
    const created = await trx
      .insertInto('attendance')
      .values({ sessionId, childId: enrolment.childId, enrollmentId: enrolment.id, status: 'unmarked', note: '', takenBy: 0, takenAt: null })
      .onConflict((oc) => oc.columns(['sessionId', 'childId']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!created) continue;
    added += 1;
    await recordAudit(trx, { actor, entity: registry.attendance, recordId: created.id, action: 'create', before: null, after: created, via });
  }
  const kept = existing.filter((row) => row.status !== 'unmarked' || enrolled.has(row.childId)).length;
  return { added, total: kept + added };
}

async function markUnmarkedPresent({ trx, record, actor, via }: Pick<ActionContext, 'trx' | 'record' | 'actor' | 'via'>): Promise<number> {
  const sessionId = Number(record.id);
  const unmarked = await trx.selectFrom('attendance').selectAll().where('sessionId', '=', sessionId).where('status', '=', 'unmarked').execute();
  const at = nowIso();
  for (const before of unmarked) {
    const after = await trx
      .updateTable('attendance')
      .set((eb) => ({ status: 'present', takenBy: actor.id, takenAt: at, version: eb('version', '+', 1) }))
      .where('id', '=', before.id)
      .where('status', '=', 'unmarked')
      .returningAll()
      .executeTakeFirst();
    if (after) await recordAudit(trx, { actor, entity: registry.attendance, recordId: before.id, action: 'update', before, after, via });
  }
  return unmarked.length;
}

const roll: ActionHandler = async (context) => {
  const { added, total } = await makeRoster(context);
  return { set: {}, notice: total === 0 ? attendanceTexts.noRoster : attendanceTexts.rollMade(added, total) };
};

const allPresent: ActionHandler = async (context) => {
  const { total } = await makeRoster(context);
  if (total === 0) return { set: {}, notice: attendanceTexts.noRoster };
  const marked = await markUnmarkedPresent(context);
  return { set: {}, notice: attendanceTexts.allMarked(marked) };
};

/** Taking a session's roll. */
export function plugInRollActions(): void {
  plugIn('classSessions', { actions: { roll, allPresent } });
}
