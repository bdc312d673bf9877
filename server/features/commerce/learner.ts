// The signed-in learner's commerce calls: cart, checkout and payment, orders, enrolments,
// each a named handler of its own module. Every query is scoped to the token's user: another
// user's record answers 404, as if absent.
import type { AppConfig } from '../../platform/config';
import { type DB } from '../../platform/db';
import type { Gateway } from '../../platform/outside';
import { Attempts } from '../../platform/slidingCounters';
import { type Register } from '../../platform/http';
import { learnerTexts, type LearnerDeps } from './learnerRequests';
import { addToCart, applyCoupon, readCart, removeCoupon, removeFromCart } from './cart';
import { checkout, paymentSettlement, verifyPayment } from './checkout';
import { listEnrollments, listOrders } from './learnerOrders';

export { learnerTexts };

export function registerLearner(register: Register, db: DB, config: AppConfig, gateway: Gateway) {
  const deps: LearnerDeps = { db, config, gateway, attempts: new Attempts(db), settlement: paymentSettlement(db, gateway) };
  register('GET /api/Cart', 'learner', (request) => readCart(deps, request));
  register('POST /api/Cart/Add', 'learner', (request) => addToCart(deps, request));
  register('DELETE /api/Cart/Remove', 'learner', (request) => removeFromCart(deps, request));
  register('POST /api/Cart/Coupon', 'learner', (request) => applyCoupon(deps, request));
  register('DELETE /api/Cart/Coupon', 'learner', (request) => removeCoupon(deps, request));
  register('POST /api/Orders/Checkout', 'learner', (request) => checkout(deps, request));
  register('GET /api/Payment/Verify', 'learner', (request) => verifyPayment(deps, request));
  register('GET /api/Orders', 'learner', (request) => listOrders(deps, request));
  register('GET /api/Enrollments', 'learner', (request) => listEnrollments(deps, request));
}

