// Messaging's public face: the queue of notifications and the senders.
// The only module of this feature that code outside it may import (lint refuses any other).
export { logMail, logSms } from './messaging';
export { queueEnrolled, queueEnrolmentCancelled, queuePaymentFailed, queuePaymentReturned, queueRefunded, queueSeatOffered, queueSessionChange, seedNotifications } from './notifications';
export type { SeatLine } from './notifications';
export { messagingFromEnv } from './settings';
