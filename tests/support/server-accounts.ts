// The test servers' first administrator (tests/support/server.ts, tests/support/global-setup.ts).
export const adminPhone = '09120000000';
export const adminPassword = 'admin-pass-for-tests-123';
