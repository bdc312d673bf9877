// Commerce's public face: prices, seats, payments and the jobs that settle them.
// The only module of this feature that code outside it may import (lint refuses any other).
export { paymentSettlement } from './checkout';
export { zarinpal } from './gateway';
export { issueInvoiceNumber } from './invoices';
export { earlyBirdActive, earlyBirdEndsAt, earlyBirdHoldsAfterUntilMs } from './pricing';
export { reconcilePayments, startPaymentReconciliation } from './reconcile';
export { registrationOpen, startWaitlistSweep, sweepWaitlist, takenSeats } from './seats';
