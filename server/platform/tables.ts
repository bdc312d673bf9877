// The database's tables as Kysely sees them: the entities' tables generated from the schema files
// (entityTables.gen.ts) and the rest written by hand (serverTables.ts).
import type { Selectable } from 'kysely';
import type { EntityTables, AttendanceTable, EnrollmentsTable, NotificationsTable, OrdersTable, PaymentAttemptsTable, WaitlistEntriesTable } from './entityTables.gen';
import type { AuditLogTable, AttemptsTable, PasswordResetsTable, OneTimeCodesTable, SignInAlertsTable, MediaTable, SavedViewsTable, ListChangesTable, ListSearchTable, ListSearchMetaTable, ListPrunedTable, PageDataVersionTable, InvoiceSequenceTable, CartItemsTable, CartCouponsTable, SecondFactorsTable, RecoveryCodesTable, PasskeysTable } from './serverTables';

export * from './entityTables.gen';
export * from './serverTables';

/** The values a status column holds, as its schema's options list them. */
export type OrderStatus = Selectable<OrdersTable>['status'];
export type EnrollmentStatus = Selectable<EnrollmentsTable>['status'];
export type WaitlistStatus = Selectable<WaitlistEntriesTable>['status'];
export type AttendanceStatus = Selectable<AttendanceTable>['status'];
export type PaymentAttemptKind = Selectable<PaymentAttemptsTable>['kind'];
export type PaymentAttemptOutcome = Selectable<PaymentAttemptsTable>['outcome'];
export type NotificationEvent = Selectable<NotificationsTable>['event'];
export type NotificationChannel = Selectable<NotificationsTable>['channel'];
export type NotificationStatus = Selectable<NotificationsTable>['status'];

export interface Database extends EntityTables {
  cart_items: CartItemsTable;
  login_attempts: AttemptsTable;
  sign_in_alerts: SignInAlertsTable;
  saved_views: SavedViewsTable;
  password_resets: PasswordResetsTable;
  one_time_codes: OneTimeCodesTable;
  audit_log: AuditLogTable;
  list_changes: ListChangesTable;
  list_pruned: ListPrunedTable;
  list_search: ListSearchTable;
  list_search_meta: ListSearchMetaTable;
  media: MediaTable;
  invoice_sequence: InvoiceSequenceTable;
  cart_coupons: CartCouponsTable;
  page_data_version: PageDataVersionTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
}
