// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// The key of every schema file of schema/ (schema/registry.gen.ts holds the entities).

export type RegistryKey = 'articles' | 'attendance' | 'categories' | 'children' | 'classSessions' | 'coupons' | 'courseSlots' | 'courses' | 'enrollments' | 'holidays' | 'messages' | 'notifications' | 'orderItems' | 'orders' | 'paymentAttempts' | 'sessions' | 'siblingDiscounts' | 'staffRoles' | 'teachers' | 'users' | 'waitlist';

export const registryKeys: readonly RegistryKey[] = ['articles', 'attendance', 'categories', 'children', 'classSessions', 'coupons', 'courseSlots', 'courses', 'enrollments', 'holidays', 'messages', 'notifications', 'orderItems', 'orders', 'paymentAttempts', 'sessions', 'siblingDiscounts', 'staffRoles', 'teachers', 'users', 'waitlist'];
