// A static provider: migrations are imported, not read from disk, so they work from any cwd
// and inside a bundle. Hand-written ones (tables outside the schema files) are listed here;
// the entity tables' migrations are generated from the schema files by `npm run codegen`
// (codegen/migrations.gen.ts) and named g001_…, so they sort after the hand-written 00N_ ones.
import type { Migration, MigrationProvider } from 'kysely/migration';
import { schemaMigrations } from '../../../codegen/migrations.gen';
import * as m001 from './001_initial';
import * as m002 from './002_team_safety';
import * as m003 from './003_saved_views';
import * as m004 from './004_sign_in_alerts';
import * as m005 from './005_sessions';
import * as m006 from './006_money';
import * as m007 from './007_server_owned_entities';
import * as m008 from './008_payments';
import * as m009 from './009_password_resets';
import * as m012 from './012_enrolment_moves';
import * as m010 from './010_media';
import * as m014 from './014_waitlist';
import * as m015 from './015_attendance';
import * as m017 from './017_notifications';
import * as m018 from './018_discounts_invoices';
import * as m016 from './016_one_time_codes';
import * as m019 from './019_page_version';
import * as m020 from './020_audit_via';
import * as m021 from './021_refund_unconfirmed';
import { generatedMigration } from './generated';

const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_team_safety': m002,
  '003_saved_views': m003,
  '004_sign_in_alerts': m004,
  '005_sessions': m005,
  '006_money': m006,
  '007_server_owned_entities': m007,
  '008_payments': m008,
  '009_password_resets': m009,
  '012_enrolment_moves': m012,
  '010_media': m010,
  '014_waitlist': m014,
  '015_attendance': m015,
  '017_notifications': m017,
  '018_discounts_invoices': m018,
  '019_page_version': m019,
  '020_audit_via': m020,
  '021_refund_unconfirmed': m021,
  '016_one_time_codes': m016,
  ...Object.fromEntries(schemaMigrations.map((m) => [m.name, generatedMigration(m)])),
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
