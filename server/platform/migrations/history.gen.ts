// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// The migration history in its order (codegen/migrationOrder.ts): every hand-written module and generated file
// of this folder. Codegen writes it from the folder, so a new file of either kind joins it.
import type { MigrationFile } from '../../../codegen/migrationOrder';
import * as m_001_initial from './001_initial';
import * as m_002_team_safety from './002_team_safety';
import * as m_003_saved_views from './003_saved_views';
import * as m_004_sign_in_alerts from './004_sign_in_alerts';
import * as m_005_sessions from './005_sessions';
import * as m_006_money from './006_money';
import * as m_007_server_owned_entities from './007_server_owned_entities';
import * as m_008_payments from './008_payments';
import * as m_009_password_resets from './009_password_resets';
import * as m_010_media from './010_media';
import * as m_012_enrolment_moves from './012_enrolment_moves';
import * as m_014_waitlist from './014_waitlist';
import * as m_015_attendance from './015_attendance';
import * as m_016_one_time_codes from './016_one_time_codes';
import * as m_017_notifications from './017_notifications';
import * as m_018_discounts_invoices from './018_discounts_invoices';
import * as m_019_page_version from './019_page_version';
import * as m_020_audit_via from './020_audit_via';
import * as m_021_refund_unconfirmed from './021_refund_unconfirmed';
import { generated as m_g001_alter_6_tables } from './g001_alter_6_tables.gen';
import { generated as m_g002_alter_contact_messages } from './g002_alter_contact_messages.gen';
import { generated as m_g003_create_class_sessions_course_slots_alter_courses } from './g003_create_class_sessions_course_slots_alter_courses.gen';
import { generated as m_g004_create_holidays_alter_class_sessions } from './g004_create_holidays_alter_class_sessions.gen';
import { generated as m_g005_alter_teachers } from './g005_alter_teachers.gen';
import { generated as m_g006_create_coupons_sibling_discounts_alter_courses } from './g006_create_coupons_sibling_discounts_alter_courses.gen';
import { generated as m_20261126192903_create_courses_assistant_teacher_ids } from './20261126192903_create_courses_assistant_teacher_ids.gen';
import * as m_20261128083440_enrolment_refunds from './20261128083440_enrolment_refunds';
import { generated as m_20261128095926_alter_holidays } from './20261128095926_alter_holidays.gen';
import * as m_20261128100000_refund_refused from './20261128100000_refund_refused';
import * as m_20261128100500_contact_replies from './20261128100500_contact_replies';
import * as m_20261128113000_order_line_list_prices from './20261128113000_order_line_list_prices';
import * as m_20261128113100_order_payment_method from './20261128113100_order_payment_method';
import { generated as m_20261128174113_create_staff_roles_alter_users } from './20261128174113_create_staff_roles_alter_users.gen';
import * as m_20261128174817_second_factor from './20261128174817_second_factor';
import * as m_20261128181617_add_audit_role from './20261128181617_add_audit_role';

export const migrationHistory: readonly MigrationFile[] = [
  { name: '001_initial', migration: m_001_initial },
  { name: '002_team_safety', migration: m_002_team_safety },
  { name: '003_saved_views', migration: m_003_saved_views },
  { name: '004_sign_in_alerts', migration: m_004_sign_in_alerts },
  { name: '005_sessions', migration: m_005_sessions },
  { name: '006_money', migration: m_006_money },
  { name: '007_server_owned_entities', migration: m_007_server_owned_entities },
  { name: '008_payments', migration: m_008_payments },
  { name: '009_password_resets', migration: m_009_password_resets },
  { name: '010_media', migration: m_010_media },
  { name: '012_enrolment_moves', migration: m_012_enrolment_moves },
  { name: '014_waitlist', migration: m_014_waitlist },
  { name: '015_attendance', migration: m_015_attendance },
  { name: '016_one_time_codes', migration: m_016_one_time_codes },
  { name: '017_notifications', migration: m_017_notifications },
  { name: '018_discounts_invoices', migration: m_018_discounts_invoices },
  { name: '019_page_version', migration: m_019_page_version },
  { name: '020_audit_via', migration: m_020_audit_via },
  { name: '021_refund_unconfirmed', migration: m_021_refund_unconfirmed },
  { name: 'g001_alter_6_tables', generated: m_g001_alter_6_tables },
  { name: 'g002_alter_contact_messages', generated: m_g002_alter_contact_messages },
  { name: 'g003_create_class_sessions_course_slots_alter_courses', generated: m_g003_create_class_sessions_course_slots_alter_courses },
  { name: 'g004_create_holidays_alter_class_sessions', generated: m_g004_create_holidays_alter_class_sessions },
  { name: 'g005_alter_teachers', generated: m_g005_alter_teachers },
  { name: 'g006_create_coupons_sibling_discounts_alter_courses', generated: m_g006_create_coupons_sibling_discounts_alter_courses },
  { name: '20261126192903_create_courses_assistant_teacher_ids', generated: m_20261126192903_create_courses_assistant_teacher_ids },
  { name: '20261128083440_enrolment_refunds', migration: m_20261128083440_enrolment_refunds },
  { name: '20261128095926_alter_holidays', generated: m_20261128095926_alter_holidays },
  { name: '20261128100000_refund_refused', migration: m_20261128100000_refund_refused },
  { name: '20261128100500_contact_replies', migration: m_20261128100500_contact_replies },
  { name: '20261128113000_order_line_list_prices', migration: m_20261128113000_order_line_list_prices },
  { name: '20261128113100_order_payment_method', migration: m_20261128113100_order_payment_method },
  { name: '20261128174113_create_staff_roles_alter_users', generated: m_20261128174113_create_staff_roles_alter_users },
  { name: '20261128174817_second_factor', migration: m_20261128174817_second_factor },
  { name: '20261128181617_add_audit_role', migration: m_20261128181617_add_audit_role },
];
