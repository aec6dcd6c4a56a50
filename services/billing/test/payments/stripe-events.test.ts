import type Stripe from 'stripe';
import { toProcessorEvent } from '../../src/payments/stripe/stripe-events.js';

const noCard = async () => null;
const event = (type: string, object: object) => ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;
const meta = { account_id: 'acct_1', payment_id: '7c0b9a3e-2a59-4b8e-9f1e-0d5f0a1b2c3d' };

test('a paid checkout session is a payment with its tax; an unpaid or setup-mode one is not acted on', async () => {
  const session = { id: 'cs_1', mode: 'payment', payment_status: 'paid', amount_total: 2000, currency: 'USD', total_details: { amount_tax: 333 }, payment_intent: 'pi_1', customer: 'cus_1', metadata: { ...meta, kind: 'top_up' } };
  expect(await toProcessorEvent(event('checkout.session.completed', session), noCard)).toMatchObject({
    kind: 'payment_succeeded', paymentId: meta.payment_id, checkoutId: 'cs_1', processorPaymentId: 'pi_1', currency: 'usd', paidCents: 2000, taxCents: 333,
  });
  expect((await toProcessorEvent(event('checkout.session.completed', { ...session, payment_status: 'unpaid' }), noCard)).kind).toBe('ignored');
  expect((await toProcessorEvent(event('checkout.session.completed', { ...session, mode: 'setup' }), noCard)).kind).toBe('ignored');
  expect((await toProcessorEvent(event('checkout.session.completed', { ...session, metadata: {} }), noCard)).kind).toBe('ignored');
});

test('a top-up\'s own PaymentIntent events are not acted on (its checkout session decides); a recharge\'s are', async () => {
  const pi = { id: 'pi_1', amount_received: 2000, currency: 'usd', customer: 'cus_1', payment_method: 'pm_1', metadata: { ...meta, kind: 'top_up' } };
  expect((await toProcessorEvent(event('payment_intent.succeeded', pi), noCard)).kind).toBe('ignored');
  expect(await toProcessorEvent(event('payment_intent.succeeded', { ...pi, metadata: { ...meta, kind: 'auto_recharge' } }), noCard)).toMatchObject({ kind: 'payment_succeeded', paidCents: 2000, taxCents: 0, checkoutId: null, processorPaymentId: 'pi_1' });
  const failed = { ...pi, metadata: { ...meta, kind: 'auto_recharge' }, last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
  expect(await toProcessorEvent(event('payment_intent.payment_failed', failed), noCard)).toMatchObject({ kind: 'payment_failed', code: 'insufficient_funds' });
});

test('a succeeded SetupIntent is a saved card, with its details looked up when only the id came', async () => {
  const looked: string[] = [];
  const card = async (id: string) => { looked.push(id); return { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }; };
  expect(await toProcessorEvent(event('setup_intent.succeeded', { id: 'seti_1', customer: 'cus_1', payment_method: 'pm_9' }), card)).toMatchObject({ kind: 'card_saved', customerId: 'cus_1', paymentMethodId: 'pm_9', card: { last4: '4242' } });
  expect(looked).toEqual(['pm_9']);
});

test('refunds carry the cumulative refunded amount; disputes their amount and outcome', async () => {
  expect(await toProcessorEvent(event('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: 500 }), noCard)).toMatchObject({ kind: 'refunded', processorPaymentId: 'pi_1', refundedCents: 500 });
  expect(await toProcessorEvent(event('charge.dispute.created', { id: 'dp_1', payment_intent: 'pi_1', amount: 2000 }), noCard)).toMatchObject({ kind: 'dispute_opened', amountCents: 2000 });
  expect(await toProcessorEvent(event('charge.dispute.closed', { id: 'dp_1', payment_intent: 'pi_1', status: 'lost' }), noCard)).toMatchObject({ kind: 'dispute_closed', won: false });
  expect((await toProcessorEvent(event('customer.created', { id: 'cus_1' }), noCard)).kind).toBe('ignored');
});
