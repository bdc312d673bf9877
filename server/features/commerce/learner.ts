// The signed-in learner's commerce calls: cart, checkout and payment, orders, enrolments,
// each a named handler of its own module. Every query is scoped to the token's user: another
// user's record answers 404, as if absent.
import type { FastifyRequest } from 'fastify';
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
  register('GET /api/Cart', 'learner', getCart);
  register('POST /api/Cart/Add', 'learner', addCartItem);
  register('DELETE /api/Cart/Remove', 'learner', removeCartItem);
  register('POST /api/Cart/Coupon', 'learner', applyCartCoupon);
  register('DELETE /api/Cart/Coupon', 'learner', removeCartCoupon);
  register('POST /api/Orders/Checkout', 'learner', checkoutCart);
  register('GET /api/Payment/Verify', 'learner', verifyOrderPayment);
  register('GET /api/Orders', 'learner', listMyOrders);
  register('GET /api/Enrollments', 'learner', listMyEnrollments);

  function getCart(request: FastifyRequest) {
    return readCart(deps, request);
  }

  function addCartItem(request: FastifyRequest) {
    return addToCart(deps, request);
  }

  function removeCartItem(request: FastifyRequest) {
    return removeFromCart(deps, request);
  }

  function applyCartCoupon(request: FastifyRequest) {
    return applyCoupon(deps, request);
  }

  function removeCartCoupon(request: FastifyRequest) {
    return removeCoupon(deps, request);
  }

  function checkoutCart(request: FastifyRequest) {
    return checkout(deps, request);
  }

  function verifyOrderPayment(request: FastifyRequest) {
    return verifyPayment(deps, request);
  }

  function listMyOrders(request: FastifyRequest) {
    return listOrders(deps, request);
  }

  function listMyEnrollments(request: FastifyRequest) {
    return listEnrollments(deps, request);
  }
}

