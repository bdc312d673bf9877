// Commerce: prices and discounts, seats and the waiting list, the cart, checkout and payment,
// orders, refunds, invoices and the dashboard's money.
import type { Feature } from '../feature';
import { registerDashboard } from './dashboard';
import { plugInDiscounts } from './discounts';
import { registerInvoices } from './invoices';
import { registerLearner } from './learner';
import { plugInManualEnrolment } from './manualEnrolment';
import { plugInOrderActions } from './orderActions';
import { plugInSeats } from './seats';
import { registerWaitlist } from './waitlist';
import { plugInWaitlistActions } from './waitlistActions';

export const commerce: Feature = {
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
};
