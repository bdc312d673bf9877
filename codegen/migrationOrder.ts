// One history for the hand-written and the generated migrations, in one order. Names made before
// the history was one keep their places: the hand-written 00N_ ones, then the generated g00N_ ones
// (databases have them recorded under these names). Every later migration, of either kind, is
// named by the UTC second it was made (20261126190512_create_rooms), so two branches never make
// the same name and the order is the order they were written in.
import type { Migration } from 'kysely/migration';
import type { GeneratedMigration } from './migration-steps';

const eras: readonly RegExp[] = [/^\d{3}_[a-z0-9_]+$/, /^g\d{3}_[a-z0-9_]+$/, /^\d{14}_[a-z0-9_]+$/];

/** Which era a migration's name belongs to, or -1 when it is not a migration's name. */
export function migrationEra(name: string): number {
  return eras.findIndex((era) => era.test(name));
}

/** The history's order, for Kysely's Migrator and for codegen. */
export function compareMigrationNames(a: string, b: string): number {
  return migrationEra(a) - migrationEra(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The first part of a new migration's name: the UTC time, to the second. */
export function migrationStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** True for names of the era every new migration is named in. */
export function isStampedName(name: string): boolean {
  return migrationEra(name) === 2;
}

/** One file of the history, as its index (history.gen.ts) lists it. */
export type MigrationFile = { name: string; migration: Migration } | { name: string; generated: GeneratedMigration };
