// Commerce: prices and discounts, seats and the waiting list, the cart, checkout and payment,
// orders, refunds, invoices and the dashboard's money.
import type { Feature, FeatureContext, Job } from '../feature';
import { defaultReconcileAfterMs, defaultReconcileMs } from '../../platform/config';
import { paymentSettlement } from './checkout';
import { reconcilePayments, startPaymentReconciliation } from './reconcile';
import { registerDashboard } from './dashboard';
import { plugInDiscounts } from './discounts';
import { registerInvoices } from './invoices';
import { registerLearner } from './learner';
import { plugInManualEnrolment } from './manualEnrolment';
import { plugInOrderActions } from './orderActions';
import { plugInSeats, startWaitlistSweep, sweepWaitlist } from './seats';
import { registerWaitlist } from './waitlist';
import { plugInWaitlistActions } from './waitlistActions';

export const commerce: Feature<FeatureContext, { sweepWaitlist: Job; reconcilePayments: Job }> = {
  name: 'commerce',
  behaviours: [
    // A raised capacity frees seats only after the schedule's sync of the same course write.
    { name: 'seats', after: ['schedule'], plugIn: plugInSeats },
    { name: 'discounts', plugIn: plugInDiscounts },
    { name: 'orderActions', plugIn: plugInOrderActions },
    { name: 'manualEnrolment', plugIn: plugInManualEnrolment },
    { name: 'waitlistActions', plugIn: plugInWaitlistActions },
  ],
  routes({ register, db, config, gateway }) {
    registerDashboard(register, db);
    registerLearner(register, db, config, gateway);
    registerInvoices(register, db);
    registerWaitlist(register, db);
  },
  jobs({ db, config, gateway }) {
    const settlement = paymentSettlement(db, gateway);
    const reconcileOptions = { pendingAfterMs: config.paymentReconcileAfterMs ?? defaultReconcileAfterMs };
    return {
      // Offers whose hold ran out pass to the next child, and seats an order's hold let go are
      // offered, even when nobody reads the list.
      sweepWaitlist: { round: () => sweepWaitlist(db), start: (clock) => startWaitlistSweep(db, clock) },
      // Payments whose payer never came back to the callback are asked about and settled.
      reconcilePayments: {
        round: () => reconcilePayments(settlement, reconcileOptions),
        start: (clock) => startPaymentReconciliation(settlement, clock, config.paymentReconcileMs ?? defaultReconcileMs, reconcileOptions),
      },
    };
  },
};
