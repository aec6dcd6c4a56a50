// Auto-recharge exactly once per crossing, within caps, off after a decline: billing as it runs (gRPC
// Reserve/Capture like extraction calls them), the Stripe provider against a real stripe-mock, the test
// PostgreSQL, and the processor's answers as signed webhooks.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { status } from '@grpc/grpc-js';
import { jest } from '@jest/globals';
import { call } from '@exs/platform';
import { WalletService } from '../src/wallet/wallet.service.js';
import { AutoRechargeService, DECLINE_NOTICE } from '../src/payments/auto-recharge.service.js';
import { PendingRecharges } from '../src/payments/pending-recharges.js';
import { rechargeIntent, startPaymentsHarness, stripeEvent, type PaymentsHarness } from './payments-harness.js';

const USD = 1_000_000n;
const HOUR = 3600_000;
const clock = { t: Date.parse('2031-03-03T10:00:00.000Z'), now: () => clock.t };
let h: PaymentsHarness;
const urls = { successUrl: 'http://127.0.0.1:8090/auto-recharge', cancelUrl: 'http://127.0.0.1:8090/auto-recharge' };

beforeAll(async () => {
  h = await startPaymentsHarness({ clock });
}, 90_000);
afterAll(async () => {
  await h?.close();
});

const autoRecharge = () => h.app.get(AutoRechargeService);
const wallets = () => h.app.get(WalletService);
const available = async (id: string) => {
  const w = await wallets().get(id);
  return w.creditedMicros - w.capturedMicros - w.heldMicros;
};

/** An account with `usd` of paid credit, a card saved through the processor flow, and auto-recharge on. */
async function rechargingAccount(h: PaymentsHarness, usd: bigint, settings: { trigger: bigint; amount: bigint; dailyCap?: bigint; weeklyCap?: bigint }) {
  const accountId = `acct_${randomUUID()}`;
  await call(h.api.createWallet({ accountId, plan: 'free', initialCreditMicros: '0' }));
  if (usd > 0n) await call(h.api.credit({ accountId, amountMicros: String(usd * USD), reference: 'top-up-1' }));
  await call(h.api.createCardSetup({ accountId, ...urls }));
  const customer = await h.db.paymentCustomer.findFirstOrThrow({ where: { accountId } });
  const pm = `pm_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  expect((await h.deliver(stripeEvent('setup_intent.succeeded', { id: `seti_${pm}`, object: 'setup_intent', status: 'succeeded', customer: customer.customerId, payment_method: pm, metadata: { account_id: accountId } }))).status).toBe(200);
  await call(h.api.setAutoRecharge({
    accountId, enabled: true, triggerMicros: String(settings.trigger * USD), amountMicros: String(settings.amount * USD),
    dailyCapMicros: String((settings.dailyCap ?? 0n) * USD), weeklyCapMicros: String((settings.weeklyCap ?? 0n) * USD),
  }));
  return accountId;
}

/** `n` jobs of `pages` each, reserved and then captured all at once, as workers finishing together do. */
async function spend(h: PaymentsHarness, accountId: string, n: number, pages: number) {
  const ids = await Promise.all(Array.from({ length: n }, (_, i) => call(h.api.reserve({ accountId, reference: `job_${randomUUID()}_${i}`, pages }))));
  expect(ids.every((r) => r.reservationId)).toBe(true);
  await Promise.all(ids.map((r) => call(h.api.capture({ reservationId: r.reservationId!, pages }))));
  await h.app.get(AutoRechargeService).idle();
}

const attempts = (accountId: string) => h.db.rechargeAttempt.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });

/** The processor reports the recharge's PaymentIntent succeeded (or declined). */
async function settle(h: PaymentsHarness, accountId: string, attemptId: string, declineCode?: string) {
  const p = await h.db.payment.findUniqueOrThrow({ where: { id: attemptId } });
  const pi = rechargeIntent({ id: p.processorPaymentId!, paymentId: p.id, accountId, cents: Number(p.requestedMicros / 10_000n), declineCode });
  const res = await h.deliver(stripeEvent(declineCode ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', pi));
  expect(res.status).toBe(200);
}

test('50 concurrent captures taking the balance below the trigger start exactly one recharge', async () => {
  const charge = jest.spyOn(h.processor, 'chargeSavedCard');
  charge.mockClear();
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n });
  // 50 jobs of 10 pages (USD 0.20 each) spend the USD 10.
  await spend(h, id, 50, 10);
  expect(await available(id)).toBe(0n);
  const [a, ...more] = await attempts(id);
  expect(more).toHaveLength(0);
  expect(a).toMatchObject({ state: 'pending', amountMicros: 20n * USD });
  expect(charge).toHaveBeenCalledTimes(1);
  expect(charge.mock.calls[0]![0]).toMatchObject({ idempotencyKey: `recharge-${a!.id}`, amountCents: 2000 });
  // stripe-mock's PaymentIntent is the payment's; only its webhook credits.
  expect((await h.db.payment.findUniqueOrThrow({ where: { id: a!.id } })).processorPaymentId).toMatch(/^pi_/);
  expect(await available(id)).toBe(0n);

  await settle(h, id, a!.id);
  expect(await available(id)).toBe(20n * USD);
  expect((await h.db.rechargeAttempt.findUniqueOrThrow({ where: { id: a!.id } })).state).toBe('succeeded');
  // The credit ended the crossing: the next one recharges again, once.
  await spend(h, id, 50, 20);
  expect(await attempts(id)).toHaveLength(2);
  expect(charge).toHaveBeenCalledTimes(2);
});

test('saving the settings while a recharge is in flight does not arm a second recharge for the same crossing', async () => {
  const charge = jest.spyOn(h.processor, 'chargeSavedCard');
  charge.mockClear();
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n });
  await spend(h, id, 1, 300); // USD 6 spent: USD 4 left, below the trigger
  const [a] = await attempts(id);
  expect(a).toMatchObject({ state: 'pending' });
  // The person changes a cap while the recharge's webhook has not come yet; the balance is still below the trigger.
  await call(h.api.setAutoRecharge({ accountId: id, enabled: true, triggerMicros: String(5n * USD), amountMicros: String(20n * USD), dailyCapMicros: String(100n * USD), weeklyCapMicros: '0' }));
  await spend(h, id, 1, 10);
  expect(await attempts(id)).toHaveLength(1);
  expect(charge).toHaveBeenCalledTimes(1);
  // Its credit ends the crossing as before: the next crossing recharges once.
  await settle(h, id, a!.id);
  await spend(h, id, 1, 1000);
  expect(await attempts(id)).toHaveLength(2);
});

test('captures that leave the balance at or above the trigger start no recharge', async () => {
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n });
  await spend(h, id, 25, 10); // USD 5 left: not below USD 5
  expect(await available(id)).toBe(5n * USD);
  expect(await attempts(id)).toHaveLength(0);
});

test('auto-recharge that is off, or never set, starts no recharge', async () => {
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n });
  await call(h.api.setAutoRecharge({ accountId: id, enabled: false, triggerMicros: String(5n * USD), amountMicros: String(20n * USD), dailyCapMicros: '0', weeklyCapMicros: '0' }));
  await spend(h, id, 10, 50);
  expect(await attempts(id)).toHaveLength(0);
});

test('the daily cap holds: a second crossing the same day is recorded as capped and not charged, and recharges once the day has passed', async () => {
  const charge = jest.spyOn(h.processor, 'chargeSavedCard');
  charge.mockClear();
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n, dailyCap: 20n });
  await spend(h, id, 1, 300); // USD 6 spent, 4 left: crossing 1
  const [first] = await attempts(id);
  await settle(h, id, first!.id);
  clock.t += HOUR / 2;
  await spend(h, id, 1, 1000); // USD 20 spent: crossing 2, over the day's USD 20
  let all = await attempts(id);
  expect(all.map((a) => a.state)).toEqual(['succeeded', 'capped']);
  expect(charge).toHaveBeenCalledTimes(1);
  // More captures while capped record nothing more.
  await spend(h, id, 3, 1);
  expect(await attempts(id)).toHaveLength(2);
  // 24 h after the first recharge the cap allows one again, at the next capture.
  clock.t += 24 * HOUR;
  await spend(h, id, 1, 1);
  all = await attempts(id);
  expect(all.map((a) => a.state)).toEqual(['succeeded', 'capped', 'pending']);
  expect(charge).toHaveBeenCalledTimes(2);
});

test('the weekly cap holds across days', async () => {
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n, weeklyCap: 40n });
  for (let day = 0; day < 3; day++) {
    await spend(h, id, 1, Number((await available(id)) / 20_000n) - 100); // leave USD 2
    const last = (await attempts(id)).at(-1)!;
    if (last.state === 'pending') await settle(h, id, last.id);
    clock.t += 25 * HOUR;
  }
  expect((await attempts(id)).map((a) => a.state)).toEqual(['succeeded', 'succeeded', 'capped']);
});

test('a declined recharge turns auto-recharge off with a notice, and later crossings charge nothing', async () => {
  const charge = jest.spyOn(h.processor, 'chargeSavedCard');
  charge.mockClear();
  const id = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n });
  await spend(h, id, 1, 300);
  const [a] = await attempts(id);
  await settle(h, id, a!.id, 'insufficient_funds');
  const ar = await call(h.api.getAutoRecharge({ accountId: id }));
  expect(ar.settings).toMatchObject({ enabled: false, state: 'disabled_by_decline', notice: DECLINE_NOTICE });
  expect(ar.recentAttempts[0]).toMatchObject({ state: 'failed', failureCode: 'insufficient_funds' });
  expect((await h.db.payment.findUniqueOrThrow({ where: { id: a!.id } })).state).toBe('failed');
  // No retry storm: a top-up and new crossings charge nothing more.
  await call(h.api.credit({ accountId: id, amountMicros: String(10n * USD), reference: 'manual-top-up' }));
  await spend(h, id, 5, 100);
  expect(await attempts(id)).toHaveLength(1);
  expect(charge).toHaveBeenCalledTimes(1);
  // Saving the settings again turns it back on.
  const saved = await call(h.api.setAutoRecharge({ accountId: id, enabled: true, triggerMicros: String(5n * USD), amountMicros: String(20n * USD), dailyCapMicros: '0', weeklyCapMicros: '0' }));
  expect(saved.settings).toMatchObject({ enabled: true, state: 'active', notice: '' });
});

test('enabling auto-recharge needs a saved card, and bad settings are refused', async () => {
  const accountId = `acct_${randomUUID()}`;
  await call(h.api.createWallet({ accountId, plan: 'free', initialCreditMicros: '0' }));
  const code = async (p: Promise<unknown>) => p.then(() => undefined, (e: { code?: number }) => e.code);
  const base = { accountId, enabled: true, triggerMicros: String(5n * USD), amountMicros: String(20n * USD), dailyCapMicros: '0', weeklyCapMicros: '0' };
  expect(await code(call(h.api.setAutoRecharge(base)))).toBe(status.FAILED_PRECONDITION);
  expect(await code(call(h.api.setAutoRecharge({ ...base, enabled: false, amountMicros: String(4n * USD) })))).toBe(status.INVALID_ARGUMENT);
  expect(await code(call(h.api.setAutoRecharge({ ...base, enabled: false, dailyCapMicros: String(10n * USD) })))).toBe(status.INVALID_ARGUMENT);
  expect(await code(call(h.api.setAutoRecharge({ ...base, enabled: false, triggerMicros: '-1' })))).toBe(status.INVALID_ARGUMENT);
});

/**
 * A loopback stand-in in front of stripe-mock for what stripe-mock cannot do (it never declines and never
 * fails): POST /v1/payment_intents answers `mode`, everything else is passed to stripe-mock.
 */
async function processorFront(target: string): Promise<{ url: string; mode: { next: 'decline' | 'fail' | 'pass' }; keys: string[]; close(): Promise<void> }> {
  const mode = { next: 'pass' as 'decline' | 'fail' | 'pass' };
  const keys: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      keys.push(String(req.headers['idempotency-key']));
      if (mode.next === 'decline') {
        res.writeHead(402, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', decline_code: 'do_not_honor', message: 'Your card was declined.', payment_intent: { id: 'pi_declined_1', object: 'payment_intent', status: 'requires_payment_method' } } }));
      }
      if (mode.next === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'unavailable' } }));
      }
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, mode, keys, close: () => new Promise((r) => server.close(() => r())) };
}

describe('when the processor refuses or fails at once', () => {
  let front: Awaited<ReturnType<typeof processorFront>>;
  let h2: PaymentsHarness;
  beforeAll(async () => {
    // A second billing whose Stripe provider goes through the front (its own stripe-mock behind it).
    front = await processorFront(h.stripeMock.apiBase);
    h2 = await startPaymentsHarness({ clock, apiBase: front.url });
  }, 90_000);
  afterAll(async () => {
    await h2?.close();
    await front?.close();
  });

  test('an immediate card decline turns auto-recharge off with a notice and is not retried', async () => {
    const id = await rechargingAccount(h2, 10n, { trigger: 5n, amount: 20n });
    front.mode.next = 'decline';
    await spend(h2, id, 1, 300);
    const [a, ...more] = await h2.db.rechargeAttempt.findMany({ where: { accountId: id } });
    expect(more).toHaveLength(0);
    expect(a).toMatchObject({ state: 'failed', failureCode: 'do_not_honor' });
    expect(await h2.db.autoRecharge.findUniqueOrThrow({ where: { accountId: id } })).toMatchObject({ enabled: false, state: 'disabled_by_decline', notice: DECLINE_NOTICE });
    const sent = front.keys.length;
    clock.t += HOUR;
    await h2.app.get(AutoRechargeService).resendStale();
    expect(front.keys.length).toBe(sent);
  });

  test('a recharge the processor did not take is sent again later with the same idempotency key', async () => {
    const id = await rechargingAccount(h2, 10n, { trigger: 5n, amount: 20n });
    front.mode.next = 'fail';
    front.keys.length = 0;
    await spend(h2, id, 1, 300);
    const [a] = await h2.db.rechargeAttempt.findMany({ where: { accountId: id } });
    expect(a!.state).toBe('created');
    // The library's one retry already used the same key.
    expect(new Set(front.keys)).toEqual(new Set([`recharge-${a!.id}`]));
    front.mode.next = 'pass';
    expect(await h2.app.get(AutoRechargeService).resendStale()).toBe(0); // not yet due
    clock.t += 2 * 60_000;
    expect(await h2.app.get(AutoRechargeService).resendStale()).toBe(1);
    expect((await h2.db.rechargeAttempt.findUniqueOrThrow({ where: { id: a!.id } })).state).toBe('pending');
    expect(new Set(front.keys)).toEqual(new Set([`recharge-${a!.id}`]));
  });
});

/**
 * A loopback front for the processor's view of a recharge whose webhook never came: GET
 * /v1/payment_intents/<id> answers `intent.status` (stripe-mock's fixture is always requires_payment_method)
 * and POST .../cancel answers `cancel` (`refuse`: Stripe's 400 for a PaymentIntent that can no longer be
 * canceled); `fail` answers 503 to both. Everything else goes to stripe-mock.
 */
async function intentFront(target: string) {
  const intent = { status: 'processing', lastError: null as object | null, fail: false, cancel: 'ok' as 'ok' | 'refuse' };
  const seen = { retrieves: 0, cancels: [] as string[] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const m = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)(\/cancel)?$/.exec((req.url ?? '').split('?')[0]!);
    if (m && (req.method === 'GET' || (req.method === 'POST' && m[2]))) {
      const json = (code: number, body: object) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
      if (intent.fail) return json(503, { error: { type: 'api_error', message: 'unavailable' } });
      const pi = (status: string) => ({ id: m[1], object: 'payment_intent', status, amount: 2000, amount_received: status === 'succeeded' ? 2000 : 0, currency: 'usd', last_payment_error: intent.lastError, metadata: {} });
      if (req.method === 'GET') { seen.retrieves++; return json(200, pi(intent.status)); }
      seen.cancels.push(String(req.headers['idempotency-key']));
      if (intent.cancel === 'refuse') return json(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}.` } });
      return json(200, pi('canceled'));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, intent, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('a recharge whose webhook never comes', () => {
  const MINUTE = 60_000;
  let front: Awaited<ReturnType<typeof intentFront>>;
  let h3: PaymentsHarness;
  beforeAll(async () => {
    front = await intentFront(h.stripeMock.apiBase);
    h3 = await startPaymentsHarness({ clock, apiBase: front.url });
  }, 90_000);
  afterAll(async () => {
    await h3?.close();
    await front?.close();
  });
  beforeEach(() => {
    Object.assign(front.intent, { status: 'processing', lastError: null, fail: false, cancel: 'ok' });
    front.seen.retrieves = 0;
    front.seen.cancels.length = 0;
  });

  const pending = (h: PaymentsHarness) => h.app.get(PendingRecharges);
  /** An account whose recharge the processor took (pending) and whose webhook is not coming. */
  async function stuckRecharge() {
    const accountId = await rechargingAccount(h3, 10n, { trigger: 5n, amount: 20n });
    await spend(h3, accountId, 1, 300);
    const [a, ...more] = await attempts3(accountId);
    expect(more).toHaveLength(0);
    expect(a!.state).toBe('pending');
    return { accountId, attemptId: a!.id };
  }
  const attempts3 = (accountId: string) => h3.db.rechargeAttempt.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
  const available3 = async (id: string) => {
    const w = await h3.app.get(WalletService).get(id);
    return w.creditedMicros - w.capturedMicros - w.heldMicros;
  };

  test('it blocks nothing before the deadline; after it, the charge is canceled at the processor, the attempt fails with timeout, and the next crossing recharges once', async () => {
    const { accountId, attemptId } = await stuckRecharge();
    clock.t += 29 * MINUTE;
    expect((await pending(h3).settleOverdue()).has(attemptId)).toBe(false);
    await spend(h3, accountId, 2, 1);
    expect(await attempts3(accountId)).toHaveLength(1);

    clock.t += 2 * MINUTE;
    expect((await pending(h3).settleOverdue()).get(attemptId)).toBe('timed_out');
    expect(front.seen.cancels).toEqual([`recharge-cancel-${attemptId}`]);
    expect(await h3.db.rechargeAttempt.findUniqueOrThrow({ where: { id: attemptId } })).toMatchObject({ state: 'failed', failureCode: 'timeout' });
    expect(await h3.db.payment.findUniqueOrThrow({ where: { id: attemptId } })).toMatchObject({ state: 'failed', failureCode: 'timeout' });
    expect(await h3.db.autoRecharge.findUniqueOrThrow({ where: { accountId } })).toMatchObject({ enabled: true, state: 'active', armed: true });
    // Settled once: the next sweep leaves it alone.
    clock.t += 2 * MINUTE;
    expect((await pending(h3).settleOverdue()).has(attemptId)).toBe(false);

    // The next crossing: 20 concurrent captures below the trigger, one new recharge.
    await spend(h3, accountId, 20, 1);
    const after = await attempts3(accountId);
    expect(after).toHaveLength(2);
    expect(after[1]!.state).toBe('pending');
  });

  test('paid at the processor: credited once, and the webhook arriving late credits nothing more', async () => {
    const { accountId, attemptId } = await stuckRecharge();
    const before = await available3(accountId);
    front.intent.status = 'succeeded';
    clock.t += 31 * MINUTE;
    expect((await pending(h3).settleOverdue()).get(attemptId)).toBe('credited');
    expect(front.seen.cancels).toHaveLength(0);
    expect(await available3(accountId)).toBe(before + 20n * USD);
    expect((await h3.db.rechargeAttempt.findUniqueOrThrow({ where: { id: attemptId } })).state).toBe('succeeded');
    await settle(h3, accountId, attemptId);
    expect(await available3(accountId)).toBe(before + 20n * USD);
  });

  test('declined at the processor: turned off with the decline notice, nothing canceled', async () => {
    const { accountId, attemptId } = await stuckRecharge();
    Object.assign(front.intent, { status: 'requires_payment_method', lastError: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    clock.t += 31 * MINUTE;
    expect((await pending(h3).settleOverdue()).get(attemptId)).toBe('declined');
    expect(front.seen.cancels).toHaveLength(0);
    expect(await h3.db.rechargeAttempt.findUniqueOrThrow({ where: { id: attemptId } })).toMatchObject({ state: 'failed', failureCode: 'insufficient_funds' });
    expect(await h3.db.autoRecharge.findUniqueOrThrow({ where: { accountId } })).toMatchObject({ enabled: false, state: 'disabled_by_decline', notice: DECLINE_NOTICE });
  });

  test('a charge the processor will not cancel, or a processor that does not answer, keeps the attempt pending and blocks a second recharge until it is settled', async () => {
    const { accountId, attemptId } = await stuckRecharge();
    front.intent.fail = true;
    clock.t += 31 * MINUTE;
    expect((await pending(h3).settleOverdue()).get(attemptId)).toBe('unreachable');
    front.intent.fail = false;
    front.intent.cancel = 'refuse';
    // Asked again only after RECHARGE_RESEND_AFTER_SECONDS.
    expect((await pending(h3).settleOverdue()).has(attemptId)).toBe(false);
    clock.t += 2 * MINUTE;
    expect((await pending(h3).settleOverdue()).get(attemptId)).toBe('still_open');
    expect((await h3.db.rechargeAttempt.findUniqueOrThrow({ where: { id: attemptId } })).state).toBe('pending');
    await spend(h3, accountId, 5, 1);
    expect(await attempts3(accountId)).toHaveLength(1);
    // It succeeded meanwhile: the next look credits it.
    front.intent.status = 'succeeded';
    clock.t += 2 * MINUTE;
    expect((await pending(h3).settleOverdue()).get(attemptId)).toBe('credited');
  });

  test('against stripe-mock itself (a PaymentIntent it reports never confirmed), the overdue recharge is canceled and fails with timeout', async () => {
    const accountId = await rechargingAccount(h, 10n, { trigger: 5n, amount: 20n });
    await spend(h, accountId, 1, 300);
    const [a] = await attempts(accountId);
    expect(a!.state).toBe('pending');
    clock.t += 31 * MINUTE;
    expect((await h.app.get(PendingRecharges).settleOverdue()).get(a!.id)).toBe('timed_out');
    expect(await h.db.autoRecharge.findUniqueOrThrow({ where: { accountId } })).toMatchObject({ armed: true, enabled: true });
  });
});
