// What an entity's create does besides writing its fields (schema/define.ts: create-only fields
// and the `password` input kind): one hook per entity that needs one, run by the generic CRUD
// (server/crud.ts) on the validated values before they are inserted. A schema declaring a
// password field without a hook here stops the server at start: a password is never a column.
import type { AnyEntity, RegistryKey } from '../schema/define';
import type { DB } from './db';
import type { Row } from './integrity';
import { createUser } from './userAccounts';

/**
 * Turns the create body's values into the row to insert (hashing a password, filling columns
 * the form does not show), or refuses with an HttpError. Runs outside the insert's transaction:
 * a password hash takes most of a second and must not hold the database's write lock.
 */
export type CreateHook = (values: Row, db: DB) => Promise<Row>;

const hooks: { readonly [K in RegistryKey]?: CreateHook } = {
  users: createUser,
};

export function createHookOf(entity: AnyEntity): CreateHook | undefined {
  const hook = hooks[entity.key];
  const hasPassword = Object.values(entity.createFields).some((field) => field.input === 'password');
  if (hasPassword && !hook) throw new Error(`schema/${entity.key}.ts declares a password field, but server/createHooks.ts has no hook for ${entity.key}`);
  return hook;
}
