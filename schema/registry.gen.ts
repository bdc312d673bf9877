// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// Every schema file of schema/: the generic admin, the test mocks and the server's CRUD read
// the entities from here.
import type { AnyEntity } from './define';
import type { RegistryKey } from './registryKeys.gen';
import articles from './articles';
import attendance from './attendance';
import categories from './categories';
import children from './children';
import classSessions from './classSessions';
import coupons from './coupons';
import courseSlots from './courseSlots';
import courses from './courses';
import enrollments from './enrollments';
import holidays from './holidays';
import messages from './messages';
import notifications from './notifications';
import orderItems from './orderItems';
import orders from './orders';
import paymentAttempts from './paymentAttempts';
import sessions from './sessions';
import siblingDiscounts from './siblingDiscounts';
import staffRoles from './staffRoles';
import teachers from './teachers';
import users from './users';
import waitlist from './waitlist';

export { registryKeys, type RegistryKey } from './registryKeys.gen';

export const registry: Readonly<Record<RegistryKey, AnyEntity>> = {
  articles,
  attendance,
  categories,
  children,
  classSessions,
  coupons,
  courseSlots,
  courses,
  enrollments,
  holidays,
  messages,
  notifications,
  orderItems,
  orders,
  paymentAttempts,
  sessions,
  siblingDiscounts,
  staffRoles,
  teachers,
  users,
  waitlist,
};
