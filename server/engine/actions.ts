// Record actions (schema/define.ts ActionDecl): one POST per declared action, each run the same
// way — the record locked for the transaction, the version the admin saw checked, the action's
// `when` enforced, the handler's changes written with the version bump and logged in the audit
// trail. Only what an action changes is per entity: its handler, below or in its own module.
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { actionBodySchema, type AnyAction, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { recordAudit, versionConflict } from './audit';
import type { Contract } from '../platform/contract';
import type { Database, DB } from '../platform/db';
import { HttpErrorKeeping, notFound, texts } from '../platform/errors';
import { assertReferencesExist, constraintError, requestedVersion, shapeRow } from './integrity';
import type { Row } from '../platform/db';
import { currentUser, parse, type Register } from '../platform/http';
import { assertInScope } from './staffView';
import type { Gateway } from '../platform/outside';
import { actionHandlersOf, afterWrite, type ActionHandler, type ActionServices, type AuditVia } from './behaviours';
import { recordForUpdate } from './links';
import { actionRefusal } from './integrityRules';

export { actionTexts } from './integrityRules';

/**
 * An inverse named by `revert: () => ({ via })` is a declared action of the same entity that asks
 * for nothing: the audit log runs it with no inputs. Checked at start-up with the inputs unset.
 */
function checkRevert(entity: AnyEntity, action: AnyAction): void {
  const plan = action.revert?.({});
  if (plan === undefined || plan === 'edit' || !('via' in plan)) return;
  const inverse = entity.actions.find((other) => other.key === plan.via);
  if (!inverse) throw new Error(`schema/${entity.key}.ts: the action '${action.key}' is reverted via '${plan.via}', which it does not declare`);
  if (Object.keys(inverse.fields).length > 0) throw new Error(`schema/${entity.key}.ts: '${plan.via}', the inverse of '${action.key}', asks for inputs`);
}

function handlerOf(entity: AnyEntity, key: string): ActionHandler {
  const handler = actionHandlersOf(entity)[key];
  if (!handler) throw new Error(`schema/${entity.key}.ts declares the action '${key}', but no feature plugs in a handler for it`);
  return handler;
}

/**
 * Runs a declared action on a record the caller has locked (and version-checked) in `trx`: its
 * `when`, its inputs' references, the handler, the write with the version bump, the audit entry
 * (naming the action and its inputs, so the audit log undoes it only as the action declares) and
 * the entity's write hooks. The action's own call and the audit log's revert through an inverse
 * action are this same run; `logAs` says which the entry is.
 */
export async function runAction(
  trx: Transaction<Database>,
  contract: Contract,
  entity: AnyEntity,
  action: AnyAction,
  before: Row,
  input: Row,
  services: ActionServices,
  logAs: 'update' | 'revert' = 'update',
): Promise<{ row: Row; notice?: string; opens?: number }> {
  const id = Number(before.id);
  // The same rule the button's visibility follows, on the record as the contract shows it.
  const shown = shapeRow(contract, entity, before);
  const refused = actionRefusal(action, { ...shown, id });
  if (refused) throw refused;
  await assertReferencesExist(trx, action, input);
  const via: AuditVia = { entity: entity.key, action: action.key, input };
  const { set, notice, opens } = await handlerOf(entity, action.key)({ trx, record: before, input, via, ...services });
  const sets = [...Object.entries(set).map(([name, value]) => sql`${sql.ref(name)} = ${value}`), sql`${sql.ref('version')} = ${sql.ref('version')} + 1`];
  const updated = await sql<Row>`update ${sql.table(entity.table)} set ${sql.join(sets)}
    where ${sql.ref('id')} = ${id} returning *`.execute(trx);
  const row = updated.rows[0];
  if (!row) throw notFound(texts.recordNotFound);
  await recordAudit(trx, { actor: services.actor, entity, recordId: id, action: logAs, before, after: row, via });
  await afterWrite(trx, entity, [{ before, after: row }]);
  return { row, ...(notice === undefined ? {} : { notice }), ...(opens === undefined ? {} : { opens }) };
}

export function registerActions(register: Register, db: DB, contract: Contract, gateway: Gateway, siteUrl: string): void {
  for (const entity of Object.values(registry)) {
    const declared = new Set(entity.actions.map((action) => action.key));
    const stray = Object.keys(actionHandlersOf(entity)).filter((key) => !declared.has(key));
    if (stray.length > 0) throw new Error(`handlers are plugged in for actions schema/${entity.key}.ts does not declare: ${stray.join(', ')}`);

    for (const action of entity.actions) {
      handlerOf(entity, action.key);
      checkRevert(entity, action);
      register(action.op, 'admin', runRecordAction, { need: action.administratorOnly ? 'administrator' : { entity: entity.key, action: action.key } });

      async function runRecordAction(request: FastifyRequest) {
        const actor = currentUser(request);
        // `version` is read by requestedVersion; the id as every delete body has it.
        const { id, ...input } = parse(actionBodySchema(action), request.body, { id: 'شناسه' });
        const expected = requestedVersion(request.body);
        try {
          return await db.transaction().execute(async (trx) => {
            await assertInScope(trx, entity, actor.panel, id);
            const before = await recordForUpdate(trx, entity, id);
            if (!before) throw notFound(texts.recordNotFound);
            if (expected !== undefined && Number(before.version) !== expected) {
              throw await versionConflict(trx, contract, entity, before, expected);
            }
            const { row, notice, opens } = await runAction(trx, contract, entity, action, before, input, { actor, gateway, siteUrl });
            const record = shapeRow(contract, entity, row);
            return { record, ...(notice === undefined ? {} : { notice }), ...(opens === undefined ? {} : { opens }) };
          });
        } catch (error) {
          if (error instanceof HttpErrorKeeping) await error.keep(db);
          throw constraintError(entity, error) ?? error;
        }
      }
    }
  }
}
