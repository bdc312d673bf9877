// The signed-in learner's commerce calls: cart, checkout and payment, orders, enrolments,
// each a named handler of its own module. Every query is scoped to the token's user: another
// user's record answers 404, as if absent.
import type { AppConfig } from '../../platform/config';
import { type DB } from '../../platform/db';
import type { Gateway } from '../../platform/outside';
import { Attempts } from '../../platform/slidingCounters';
import { given, type Register } from '../../platform/http';
import { learnerTexts, type LearnerDeps } from './learnerRequests';
import { addToCart, applyCoupon, readCart, removeCoupon, removeFromCart } from './cart';
import { checkout, paymentSettlement, verifyPayment } from './checkout';
import { listEnrollments, listOrders } from './learnerOrders';

export { learnerTexts };

export function registerLearner(register: Register, db: DB, config: AppConfig, gateway: Gateway) {
  const deps: LearnerDeps = { db, config, gateway, attempts: new Attempts(db), settlement: paymentSettlement(db, gateway) };
  register('GET /api/Cart', 'learner', given(deps, readCart));
  register('POST /api/Cart/Add', 'learner', given(deps, addToCart));
  register('DELETE /api/Cart/Remove', 'learner', given(deps, removeFromCart));
  register('POST /api/Cart/Coupon', 'learner', given(deps, applyCoupon));
  register('DELETE /api/Cart/Coupon', 'learner', given(deps, removeCoupon));
  register('POST /api/Orders/Checkout', 'learner', given(deps, checkout));
  register('GET /api/Payment/Verify', 'learner', given(deps, verifyPayment));
  register('GET /api/Orders', 'learner', given(deps, listOrders));
  register('GET /api/Enrollments', 'learner', given(deps, listEnrollments));
}
