// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// What the admin knows of each entity before loading its schema file (codegen/entityIndex.ts says why).
import type { AnyEntity, NavDecl } from './define';
import type { RegistryKey } from './registryKeys.gen';

export interface EntitySummary {
  /** The sidebar's link text. */
  nav: string;
  sidebar: boolean;
  navDecl: NavDecl;
  /** What its sidebar count counts, when it has one. */
  badgeTitle?: string;
  /** `false`: no staff role may be granted it (the roles themselves); its link is an administrator's. */
  grantable?: false;
  /** The entities its list screen shows (itself first among them), and its record's screen. */
  list: readonly RegistryKey[];
  record: readonly RegistryKey[];
}

export const entitySummaries: Readonly<Record<RegistryKey, EntitySummary>> = {
  articles: {"nav":"مقالات","sidebar":true,"navDecl":{"group":"content","order":1},"list":["articles"],"record":["articles"]},
  attendance: {"nav":"حضور و غیاب","sidebar":true,"navDecl":{"group":"classes","order":2},"list":["attendance","categories","children","classSessions","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["attendance","categories","children","classSessions","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  categories: {"nav":"دسته بندی دوره‌ها","sidebar":true,"navDecl":{"group":"classes","order":5},"list":["categories"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  children: {"nav":"فرزندان","sidebar":true,"navDecl":{"group":"people","order":3},"list":["children","staffRoles","teachers","users"],"record":["attendance","categories","children","classSessions","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users","waitlist"]},
  classSessions: {"nav":"جلسات کلاس‌ها","sidebar":true,"navDecl":{"group":"classes","order":1},"list":["categories","children","classSessions","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["attendance","categories","children","classSessions","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  coupons: {"nav":"کدهای تخفیف","sidebar":true,"navDecl":{"group":"sales","order":4},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  courseSlots: {"nav":"برنامه هفتگی","sidebar":false,"navDecl":{"group":"content","order":100},"list":["categories","children","coupons","courseSlots","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["categories","children","coupons","courseSlots","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  courses: {"nav":"دوره‌ها","sidebar":true,"navDecl":{"group":"classes","order":3},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["categories","children","classSessions","coupons","courseSlots","courses","enrollments","orderItems","orders","staffRoles","teachers","users","waitlist"]},
  enrollments: {"nav":"ثبت‌نام‌ها","sidebar":true,"navDecl":{"group":"sales","order":2},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  holidays: {"nav":"تعطیلات","sidebar":true,"navDecl":{"group":"classes","order":4},"list":["holidays"],"record":["holidays"]},
  messages: {"nav":"پیام‌های تماس","sidebar":true,"navDecl":{"group":"people","order":1},"badgeTitle":"پیام تازه","list":["messages"],"record":["messages","notifications","staffRoles","teachers","users"]},
  notifications: {"nav":"پیام‌های ارسالی","sidebar":true,"navDecl":{"group":"system","order":1},"list":["messages","notifications","staffRoles","teachers","users"],"record":["messages","notifications","staffRoles","teachers","users"]},
  orderItems: {"nav":"اقلام سفارش","sidebar":false,"navDecl":{"group":"content","order":100},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  orders: {"nav":"سفارش‌ها","sidebar":true,"navDecl":{"group":"sales","order":1},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","paymentAttempts","staffRoles","teachers","users"]},
  paymentAttempts: {"nav":"تراکنش‌های درگاه","sidebar":false,"navDecl":{"group":"content","order":100},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","paymentAttempts","staffRoles","teachers","users"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","paymentAttempts","staffRoles","teachers","users"]},
  sessions: {"nav":"سابقه ورود","sidebar":true,"navDecl":{"group":"system","order":4},"list":["sessions","staffRoles","teachers","users"],"record":["sessions","staffRoles","teachers","users"]},
  siblingDiscounts: {"nav":"تخفیف خواهر و برادر","sidebar":true,"navDecl":{"group":"sales","order":5},"list":["siblingDiscounts"],"record":["siblingDiscounts"]},
  staffRoles: {"nav":"نقش‌های کارکنان","sidebar":true,"navDecl":{"group":"system","order":5},"grantable":false,"list":["staffRoles"],"record":["staffRoles","teachers","users"]},
  teachers: {"nav":"همیاران","sidebar":true,"navDecl":{"group":"people","order":4},"list":["teachers"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users"]},
  users: {"nav":"کاربران","sidebar":true,"navDecl":{"group":"people","order":2},"list":["staffRoles","teachers","users"],"record":["attendance","categories","children","classSessions","coupons","courses","enrollments","messages","notifications","orderItems","orders","sessions","staffRoles","teachers","users"]},
  waitlist: {"nav":"فهرست انتظار","sidebar":true,"navDecl":{"group":"sales","order":3},"list":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users","waitlist"],"record":["categories","children","coupons","courses","enrollments","orderItems","orders","staffRoles","teachers","users","waitlist"]},
};

export const entityLoaders: Readonly<Record<RegistryKey, () => Promise<AnyEntity>>> = {
  articles: () => import('./articles').then((module) => module.default),
  attendance: () => import('./attendance').then((module) => module.default),
  categories: () => import('./categories').then((module) => module.default),
  children: () => import('./children').then((module) => module.default),
  classSessions: () => import('./classSessions').then((module) => module.default),
  coupons: () => import('./coupons').then((module) => module.default),
  courseSlots: () => import('./courseSlots').then((module) => module.default),
  courses: () => import('./courses').then((module) => module.default),
  enrollments: () => import('./enrollments').then((module) => module.default),
  holidays: () => import('./holidays').then((module) => module.default),
  messages: () => import('./messages').then((module) => module.default),
  notifications: () => import('./notifications').then((module) => module.default),
  orderItems: () => import('./orderItems').then((module) => module.default),
  orders: () => import('./orders').then((module) => module.default),
  paymentAttempts: () => import('./paymentAttempts').then((module) => module.default),
  sessions: () => import('./sessions').then((module) => module.default),
  siblingDiscounts: () => import('./siblingDiscounts').then((module) => module.default),
  staffRoles: () => import('./staffRoles').then((module) => module.default),
  teachers: () => import('./teachers').then((module) => module.default),
  users: () => import('./users').then((module) => module.default),
  waitlist: () => import('./waitlist').then((module) => module.default),
};
