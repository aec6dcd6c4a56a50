// Top-ups, saved cards, refunds and disputes through billing as it runs: gRPC for the dashboard's calls,
// the Stripe provider against a real stripe-mock, webhooks signed with the Stripe library's test helper and
// POSTed to /webhooks/stripe, the wallet in real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { call } from '@exs/platform';
import { WalletService } from '../src/wallet/wallet.service.js';
import { ReservationService } from '../src/reservations/reservation.service.js';
import { PRICE_PER_PAGE_MICROS } from '../src/pricing.js';
import { paidCheckout, startPaymentsHarness, stripeEvent, type PaymentsHarness } from './payments-harness.js';

let h: PaymentsHarness;
const USD = 1_000_000n;
const account = () => `acct_${randomUUID()}`;
const urls = { successUrl: 'http://127.0.0.1:8090/wallet?paid=1', cancelUrl: 'http://127.0.0.1:8090/top-up' };

beforeAll(async () => {
  h = await startPaymentsHarness();
}, 90_000);
afterAll(async () => {
  await h?.close();
});

const wallets = () => h.app.get(WalletService);
const available = async (id: string) => {
  const w = await wallets().get(id);
  return w.creditedMicros - w.capturedMicros - w.heldMicros;
};

/** A free account with a pending USD `usd` top-up checkout made through gRPC (and so through stripe-mock). */
async function pendingTopUp(usd: bigint, id = account()) {
  await wallets().create(id, 'free', 0n);
  const res = await call(h.api.createTopUpCheckout({ accountId: id, amountMicros: String(usd * USD), ...urls }));
  const payment = await h.db.payment.findUniqueOrThrow({ where: { id: res.paymentId } });
  return { accountId: id, paymentId: res.paymentId, checkoutUrl: res.checkoutUrl, checkoutId: payment.processorCheckoutId! };
}

async function grpcCode(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { code?: number }).code;
  }
}

test('a top-up checkout is created at the processor and its payment waits, uncredited, for the webhook', async () => {
  const t = await pendingTopUp(20n);
  expect(t.checkoutUrl).toMatch(/^https:\/\//);
  expect(t.checkoutId).toMatch(/^cs_/);
  const p = await h.db.payment.findUniqueOrThrow({ where: { id: t.paymentId } });
  expect(p).toMatchObject({ state: 'pending', kind: 'top_up', requestedMicros: 20n * USD, paidMicros: 0n });
  expect(await available(t.accountId)).toBe(0n);
  expect((await wallets().get(t.accountId)).plan).toBe('free');
});

test.each([['USD 4.99', 4_990_000n], ['a fraction of a cent', 5_000_001n], ['USD 10,000.01', 10_000_010_000n], ['zero', 0n]])('a top-up of %s is refused with INVALID_ARGUMENT', async (_name, micros) => {
  const id = account();
  await wallets().create(id, 'free', 0n);
  expect(await grpcCode(call(h.api.createTopUpCheckout({ accountId: id, amountMicros: String(micros), ...urls })))).toBe(status.INVALID_ARGUMENT);
  expect(await h.db.payment.count({ where: { accountId: id } })).toBe(0);
});

test.each([['USD 5', 5n], ['the USD 20 preset', 20n], ['the USD 100 preset', 100n], ['the USD 500 preset', 500n], ['USD 37', 37n]])('a top-up of %s is accepted', async (_name, usd) => {
  const t = await pendingTopUp(usd);
  expect(t.checkoutUrl).toBeTruthy();
});

test('a top-up with a non-http return URL is refused', async () => {
  const id = account();
  await wallets().create(id, 'free', 0n);
  expect(await grpcCode(call(h.api.createTopUpCheckout({ accountId: id, amountMicros: String(20n * USD), successUrl: 'javascript:alert(1)', cancelUrl: urls.cancelUrl })))).toBe(status.INVALID_ARGUMENT);
});

test('the signed checkout.session.completed credits the wallet net of tax, with the page equivalent, and moves a free account to the default plan', async () => {
  const t = await pendingTopUp(20n);
  // USD 20 tax-inclusive with USD 3.33 of it tax: USD 16.67 credited = 833 pages at USD 0.02.
  const res = await h.deliver(stripeEvent('checkout.session.completed', paidCheckout({ ...t, paidCents: 2000, taxCents: 333 })));
  expect(res.status).toBe(200);
  expect(await available(t.accountId)).toBe(16_670_000n);
  expect((await wallets().get(t.accountId)).plan).toBe('default');
  const list = await call(h.api.listPayments({ accountId: t.accountId, limit: 10, startingAfter: '' }));
  expect(list.payments).toHaveLength(1);
  expect(list.payments[0]).toMatchObject({ id: t.paymentId, state: 'succeeded', paidMicros: '20000000', taxMicros: '3330000', creditedMicros: '16670000', pages: String(16_670_000n / PRICE_PER_PAGE_MICROS), currency: 'USD' });
});

test('a replayed event credits once, and so do ten concurrent deliveries of one event', async () => {
  const t = await pendingTopUp(100n);
  const event = stripeEvent('checkout.session.completed', paidCheckout({ ...t, paidCents: 10_000 }));
  const first = await h.deliver(event);
  expect(await first.json()).toMatchObject({ status: 'processed' });
  const replay = await h.deliver(event);
  expect(replay.status).toBe(200);
  expect(await replay.json()).toMatchObject({ status: 'duplicate' });
  expect(await available(t.accountId)).toBe(100n * USD);

  const u = await pendingTopUp(20n);
  const e2 = stripeEvent('checkout.session.completed', paidCheckout({ ...u, paidCents: 2000 }));
  const all = await Promise.all(Array.from({ length: 10 }, () => h.deliver(e2)));
  expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(await available(u.accountId)).toBe(20n * USD);
  expect(await h.db.ledgerEntry.count({ where: { accountId: u.accountId, kind: 'credit' } })).toBe(1);
});

test('two different events for one payment (completed, then async_payment_succeeded) credit it once', async () => {
  const t = await pendingTopUp(20n);
  await h.deliver(stripeEvent('checkout.session.completed', paidCheckout({ ...t, paidCents: 2000 })));
  await h.deliver(stripeEvent('checkout.session.async_payment_succeeded', paidCheckout({ ...t, paidCents: 2000 })));
  expect(await available(t.accountId)).toBe(20n * USD);
});

test('an event with a forged or missing signature is refused with 400 and credits nothing', async () => {
  const t = await pendingTopUp(20n);
  const event = stripeEvent('checkout.session.completed', paidCheckout({ ...t, paidCents: 2000 }));
  const forged = h.processor.client.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_not_ours' });
  expect((await h.deliver(event, { signature: forged })).status).toBe(400);
  expect((await h.deliver(event, { signature: '' })).status).toBe(400);
  // Signed, then altered: the signature covers the exact bytes.
  const payload = JSON.stringify(event);
  const header = h.processor.client.webhooks.generateTestHeaderString({ payload, secret: h.webhookSecret });
  const tampered = await fetch(`${h.httpUrl}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload.replace('"amount_total":2000', '"amount_total":9000') });
  expect(tampered.status).toBe(400);
  expect(await available(t.accountId)).toBe(0n);
  // The refused deliveries left no trace: the genuine one still credits.
  expect((await h.deliver(event)).status).toBe(200);
  expect(await available(t.accountId)).toBe(20n * USD);
});

test('an event naming a payment with another checkout, or in another currency, credits nothing', async () => {
  const t = await pendingTopUp(20n);
  await h.deliver(stripeEvent('checkout.session.completed', paidCheckout({ ...t, checkoutId: 'cs_test_someone_else', paidCents: 2000 })));
  await h.deliver(stripeEvent('checkout.session.completed', paidCheckout({ ...t, paidCents: 2000, currency: 'eur' })));
  expect(await available(t.accountId)).toBe(0n);
});

test('an unpaid completed checkout (a delayed payment method) credits nothing until it is paid', async () => {
  const t = await pendingTopUp(20n);
  await h.deliver(stripeEvent('checkout.session.completed', { ...paidCheckout({ ...t, paidCents: 2000 }), payment_status: 'unpaid' }));
  expect(await available(t.accountId)).toBe(0n);
  await h.deliver(stripeEvent('checkout.session.async_payment_succeeded', paidCheckout({ ...t, paidCents: 2000 })));
  expect(await available(t.accountId)).toBe(20n * USD);
});

test('a saved card is recorded from setup_intent.succeeded, with its details from the processor, and moves a free account to the default plan', async () => {
  const id = account();
  await wallets().create(id, 'free', 0n);
  const setup = await call(h.api.createCardSetup({ accountId: id, ...urls }));
  expect(setup.setupUrl).toMatch(/^https:\/\//);
  const customer = await h.db.paymentCustomer.findFirstOrThrow({ where: { accountId: id } });
  const res = await h.deliver(stripeEvent('setup_intent.succeeded', { id: 'seti_1', object: 'setup_intent', status: 'succeeded', customer: customer.customerId, payment_method: 'pm_1', metadata: { account_id: id } }));
  expect(res.status).toBe(200);
  expect((await wallets().get(id)).plan).toBe('default');
  const ar = await call(h.api.getAutoRecharge({ accountId: id }));
  // stripe-mock answers the PaymentMethod lookup with its fixture card.
  expect(ar.card).toMatchObject({ brand: 'visa', last4: '4242' });
  expect(ar.settings).toMatchObject({ enabled: false });
});

test('a card saved for an unknown customer is ignored', async () => {
  const res = await h.deliver(stripeEvent('setup_intent.succeeded', { id: 'seti_2', object: 'setup_intent', status: 'succeeded', customer: 'cus_nobody', payment_method: 'pm_2', metadata: {} }));
  expect(res.status).toBe(200);
  expect(await h.db.paymentMethod.count({ where: { processorMethodId: 'pm_2' } })).toBe(0);
});

/** A credited USD 20 top-up (no tax), its PaymentIntent id known. */
async function creditedTopUp() {
  const t = await pendingTopUp(20n);
  const pi = `pi_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  await h.deliver(stripeEvent('checkout.session.completed', paidCheckout({ ...t, paidCents: 2000, paymentIntent: pi })));
  return { ...t, pi };
}

const refund = (pi: string, refundedCents: number) => stripeEvent('charge.refunded', { id: `ch_${randomUUID().slice(0, 8)}`, object: 'charge', payment_intent: pi, amount: 2000, amount_refunded: refundedCents, refunded: refundedCents === 2000 });

test('a partial refund debits its share of the credit; a replay and an out-of-order older refund debit nothing more', async () => {
  const t = await creditedTopUp();
  const half = refund(t.pi, 1000);
  await h.deliver(half);
  expect(await available(t.accountId)).toBe(10n * USD);
  await h.deliver(half);
  await h.deliver(refund(t.pi, 500));
  expect(await available(t.accountId)).toBe(10n * USD);
  await h.deliver(refund(t.pi, 2000));
  expect(await available(t.accountId)).toBe(0n);
  const p = await h.db.payment.findUniqueOrThrow({ where: { id: t.paymentId } });
  expect(p).toMatchObject({ refundedMicros: 20n * USD, reversedMicros: 20n * USD });
});

test('a refund after the credit was spent debits only what is unspent and never drives the balance negative', async () => {
  const t = await creditedTopUp();
  const reservations = h.app.get(ReservationService);
  // USD 15 of the 20 spent (750 pages), USD 1 held by a job still running.
  const spent = await reservations.reserve(t.accountId, 'job_spent', 750);
  await reservations.capture(spent, 750);
  await reservations.reserve(t.accountId, 'job_running', 50);
  expect(await available(t.accountId)).toBe(4n * USD);
  await h.deliver(refund(t.pi, 2000));
  expect(await available(t.accountId)).toBe(0n);
  const w = await wallets().get(t.accountId);
  expect(w.creditedMicros - w.capturedMicros - w.heldMicros).toBeGreaterThanOrEqual(0n);
  expect(w.heldMicros).toBe(1n * USD);
  const ledger = await h.db.ledgerEntry.findMany({ where: { accountId: t.accountId, kind: { in: ['refund', 'reversal_shortfall'] } } });
  expect(Object.fromEntries(ledger.map((l) => [l.kind, l.amountMicros]))).toEqual({ refund: 4n * USD, reversal_shortfall: 16n * USD });
});

test('a dispute debits the disputed credit from the unspent balance, and a won dispute gives it back once', async () => {
  const t = await creditedTopUp();
  const disputed = stripeEvent('charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: t.pi, amount: 2000, status: 'needs_response' });
  await h.deliver(disputed);
  expect(await available(t.accountId)).toBe(0n);
  const won = stripeEvent('charge.dispute.closed', { id: 'dp_1', object: 'dispute', payment_intent: t.pi, amount: 2000, status: 'won' });
  await h.deliver(won);
  await h.deliver(stripeEvent('charge.dispute.closed', { id: 'dp_1', object: 'dispute', payment_intent: t.pi, amount: 2000, status: 'won' }));
  expect(await available(t.accountId)).toBe(20n * USD);
});

test('a second dispute.created for the same dispute under a new event id is a no-op: 200, nothing more debited, one ledger row', async () => {
  const t = await creditedTopUp();
  const dispute = { id: `dp_${randomUUID().slice(0, 8)}`, object: 'dispute', payment_intent: t.pi, amount: 500, status: 'needs_response' };
  expect((await h.deliver(stripeEvent('charge.dispute.created', dispute))).status).toBe(200);
  expect(await available(t.accountId)).toBe(15n * USD);
  // Part of the credit is still undisputed, so this is not stopped by "nothing left to take back".
  expect((await h.deliver(stripeEvent('charge.dispute.created', dispute))).status).toBe(200);
  expect(await available(t.accountId)).toBe(15n * USD);
  const rows = await h.db.ledgerEntry.findMany({ where: { accountId: t.accountId, reference: `dispute:${dispute.id}` } });
  expect(rows.map((r) => [r.kind, r.amountMicros])).toEqual([['dispute', 5n * USD]]);
});

test('payments are listed newest first, in pages', async () => {
  const id = account();
  await wallets().create(id, 'free', 0n);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await call(h.api.createTopUpCheckout({ accountId: id, amountMicros: String(20n * USD), ...urls }))).paymentId);
  const first = await call(h.api.listPayments({ accountId: id, limit: 2, startingAfter: '' }));
  expect(first.payments.map((p) => p.id)).toEqual([ids[2], ids[1]]);
  expect(first.hasMore).toBe(true);
  const second = await call(h.api.listPayments({ accountId: id, limit: 2, startingAfter: ids[1]! }));
  expect(second.payments.map((p) => p.id)).toEqual([ids[0]]);
  expect(second.hasMore).toBe(false);
  // Another account's payment is no cursor here.
  expect(await grpcCode(call(h.api.listPayments({ accountId: account(), limit: 2, startingAfter: ids[0]! })))).toBe(status.INVALID_ARGUMENT);
});
