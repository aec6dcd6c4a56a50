// The dashboard's payment pages against the whole stack as processes (issue 14), billing's processor being
// stripe-mock behind a loopback recorder (so the test sees what billing asked Stripe for: amounts, return
// URLs, customers). stripe-mock sends no webhooks: the test signs Stripe events with the library's
// generateTestHeaderString and the stack's secret, and POSTs them to billing's /webhooks/stripe, as Stripe
// would. The checkout and setup URLs stripe-mock returns are fixtures on checkout.stripe.com: the test
// asserts the redirect's Location and never follows it (no traffic leaves the machine).
import { StripeRecorder } from '../support/stripe-recorder.js';
import { StripeProcessor } from '../../services/billing/src/payments/stripe/stripe-processor.js';
import { Browser, Inbox, linkIn } from '../support/dashboard.js';
import { sampleInvoicePdf, sampleInvoiceSchema } from '../support/sample-documents.js';
import { ApiClient, b64 } from '../support/api-client.js';
import { startTestStack, waitFor, type TestStack } from '../support/stack-fixture.js';

const PASSWORD = 'correct horse battery';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let stack: TestStack;
let inbox: Inbox;
const recorder = new StripeRecorder();
let stripe: StripeProcessor['client'];
let owner: Browser;
let other: Browser;
let ownerApi: ApiClient;
let n = 0;
const address = (what: string) => `${what}-${process.pid}-${++n}@example.com`;
const browser = () => new Browser(stack.dashboardUrl, { 'x-forwarded-for': `10.2.${n % 250}.${(n * 7) % 250}` });

async function signedInUser(): Promise<Browser> {
  const b = browser();
  const email = address('payer');
  await b.get('/signup');
  expect((await b.post('/signup', { email, password: PASSWORD })).status).toBe(200);
  expect((await b.get(linkIn((await inbox.waitFor(email))[0]!, '/verify'))).status).toBe(200);
  await b.get('/signin');
  expect((await b.post('/signin', { email, password: PASSWORD })).status).toBe(303);
  return b;
}

/** A Stripe event, signed as Stripe signs it, POSTed to billing's webhook endpoint. */
async function deliver(type: string, object: object): Promise<number> {
  const env = stack.env.get('billing')!;
  const payload = JSON.stringify({ id: `evt_${type.replace(/\W/g, '_')}_${++n}`, object: 'event', type, data: { object } });
  const res = await fetch(`http://127.0.0.1:${env.HTTP_PORT}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: env.STRIPE_WEBHOOK_SECRET! }) },
    body: payload,
  });
  return res.status;
}

/** Starts a top-up on the page: the 303 to the processor and the checkout billing asked Stripe for. */
async function startTopUp(b: Browser, amount: string) {
  const before = recorder.checkouts('payment').length;
  await b.get('/top-up');
  const res = await b.post('/top-up', { amount });
  expect(res.status).toBe(303);
  const checkout = recorder.checkouts('payment')[before]!;
  const paymentId = new URL(checkout.form.get('success_url')!).searchParams.get('payment')!;
  return { location: res.headers.get('location'), checkout, paymentId };
}

const paid = (paymentId: string, checkoutId: string, cents: number, taxCents: number) => ({
  id: checkoutId, object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete', amount_total: cents, currency: 'usd',
  total_details: { amount_tax: taxCents }, payment_intent: `pi_${paymentId.slice(0, 8)}`, metadata: { payment_id: paymentId, kind: 'top_up' },
});

beforeAll(async () => {
  const front = await recorder.listen();
  stack = await startTestStack({ LOGIN_MAX_FAILURES_PER_IP: '1000', TRUST_PROXY: 'loopback', STRIPE_API_BASE: front });
  recorder.setTarget(stack.urls.stripe);
  const env = stack.env.get('billing')!;
  stripe = new StripeProcessor({ secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase: stack.urls.stripe, timeoutMs: 5000, automaticTax: false }).client;
  inbox = new Inbox(stack.mailUrl!);
  owner = await signedInUser();
  other = await signedInUser();
  await owner.get('/');
  expect((await owner.post('/grant')).status).toBe(200);
  await owner.get('/keys');
  const created = await owner.post('/keys', { name: 'payments' });
  ownerApi = new ApiClient(stack.gatewayUrl, /id="new-key-secret">([^<]+)</.exec(created.body)![1]!);
  await other.get('/');
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  await recorder.close();
}, 60_000);

describe('top-up', () => {
  test('the page offers USD 20, 100 and 500 and the price per page', async () => {
    const page = await owner.get('/top-up');
    expect(page.status).toBe(200);
    for (const usd of ['20', '100', '500']) expect(page.body).toContain(`<input type="hidden" name="amount" value="${usd}"><button data-preset="${usd}">USD ${usd}</button>`);
    expect(page.body).toContain('id="price">0.02<');
  });

  test('an amount below USD 5 or not a plain amount is refused with the form and a static message, and nothing reaches the processor', async () => {
    const sent = recorder.checkouts('payment').length;
    await owner.get('/top-up');
    const messages = new Set<string>();
    for (const amount of ['4.99', '0', '5.001', '-5', '1e3', 'five', '10000.01', '']) {
      const res = await owner.post('/top-up', { amount });
      expect([amount, res.status]).toEqual([amount, 400]);
      messages.add(/<p class="error" role="alert">([^<]+)</.exec(res.body)![1]!);
    }
    expect([...messages]).toEqual(['Enter an amount from USD 5 to USD 10,000, in dollars with at most two decimals (for example 25 or 12.50).']);
    expect(recorder.checkouts('payment')).toHaveLength(sent);
  });

  test('an amount field longer than the form accepts is refused (400, static message), not cut to a valid amount', async () => {
    const sent = recorder.checkouts('payment').length;
    await owner.get('/top-up');
    // 21 characters; cut to 20 it would read as USD 25.
    const res = await owner.post('/top-up', { amount: `25.00${' '.repeat(15)}1` });
    expect(res.status).toBe(400);
    expect(res.body).toContain('A field of this form is longer than it accepts.');
    await owner.get('/auto-recharge');
    const settings = await owner.post('/auto-recharge', { enabled: 'on', trigger: '5', amount: `20${' '.repeat(28)}1`, daily_cap: '', weekly_cap: '' });
    expect(settings.status).toBe(400);
    expect(settings.body).toContain('A field of this form is longer than it accepts.');
    expect(recorder.checkouts('payment')).toHaveLength(sent);
  });

  test('USD 5 and each preset go to the processor\'s checkout (303 to its page) with return URLs to this dashboard', async () => {
    for (const [amount, cents] of [['5', '500'], ['5.00', '500'], ['20', '2000'], ['100', '10000'], ['500', '50000']] as const) {
      const { location, checkout, paymentId } = await startTopUp(owner, amount);
      expect(checkout.form.get('line_items[0][price_data][unit_amount]')).toBe(cents);
      expect(paymentId).toMatch(UUID);
      expect(checkout.form.get('success_url')).toBe(`${stack.dashboardUrl}/top-up/done?payment=${paymentId}`);
      expect(checkout.form.get('cancel_url')).toBe(`${stack.dashboardUrl}/top-up?canceled=1`);
      expect(checkout.form.get('metadata[payment_id]')).toBe(paymentId);
      // The redirect is the processor's page as billing got it (stripe-mock's fixture): asserted, never followed.
      expect(location).toBe(checkout.response.url);
      expect(location).toMatch(/^https:\/\//);
    }
    expect((await owner.get('/top-up?canceled=1')).body).toContain('The checkout was canceled; nothing was charged.');
  });

  test('a paid checkout: the return page is pending until the signed webhook, then shows paid, tax, credited and pages; the wallet shows the receipt, the balance and the default plan', async () => {
    const before = (await owner.get('/wallet')).body;
    expect(before).toContain('data-plan="free"');
    const { paymentId, checkout } = await startTopUp(owner, '20');
    const pending = await owner.get(`/top-up/done?payment=${paymentId}`);
    expect(pending.status).toBe(200);
    expect(pending.body).toContain('data-state="pending"');
    expect(pending.body).toContain('<meta http-equiv="refresh" content="3">');
    expect((await owner.get('/wallet')).body).toMatch(new RegExp(`data-payment-id="${paymentId}">.*?<td class="state">pending</td>`, 's'));

    // Tax-inclusive: USD 20.00 paid, 1.50 of it tax, 18.50 credited = 925 pages at USD 0.02.
    expect(await deliver('checkout.session.completed', paid(paymentId, checkout.response.id, 2000, 150))).toBe(200);
    const done = await owner.get(`/top-up/done?payment=${paymentId}`);
    expect(done.body).toContain('data-state="succeeded"');
    expect(done.body).not.toContain('http-equiv="refresh"');
    expect(done.body).toContain('id="paid">USD 20.00<');
    expect(done.body).toContain('id="tax">USD 1.50<');
    expect(done.body).toContain('id="credited">USD 18.50<');
    expect(done.body).toContain('id="pages">925<');

    const wallet = (await owner.get('/wallet')).body;
    // The free grant (USD 10.00) plus the credit.
    expect(wallet).toContain('id="balance">USD 28.50<');
    expect(wallet).toContain('id="price">USD 0.02<');
    expect(wallet).toContain('data-plan="default"');
    expect(wallet).toMatch(new RegExp(`data-payment-id="${paymentId}">.*?<td class="state">succeeded</td>\\s*<td class="paid">USD 20.00</td><td class="tax">USD 1.50</td><td class="credited">USD 18.50</td>\\s*<td class="pages">925</td><td class="refunded">USD 0.00</td>`, 's'));
     // The ledger, newest first: the payment's credit above the free grant's.
    const ledger = [...wallet.matchAll(/data-kind="([^"]+)"><td>[^<]*<\/td><td>[^<]*<\/td><td class="amount">([^<]+)<\/td><td><code>([^<]+)<\/code>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(ledger.slice(0, 2)).toEqual([['credit', '+USD 18.50', `payment:${paymentId}`], ['credit', '+USD 10.00', 'initial-grant']]);
  });

  test('the wallet\'s receipts are paged; a cursor that is not one of the account\'s payments is 404', async () => {
    const page1 = (await owner.get('/wallet')).body;
    const ids1 = [...page1.matchAll(/data-payment-id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids1.length).toBeGreaterThan(0);
    // Fewer than a page (20) so far: no link to older payments; from the second newest, the rest.
    expect(page1).not.toContain('rel="next"');
    const page2 = (await owner.get(`/wallet?after=${ids1[0]}`)).body;
    expect([...page2.matchAll(/data-payment-id="([^"]+)"/g)].map((m) => m[1]!)).toEqual(ids1.slice(1));
    expect((await owner.get('/wallet?after=not-a-payment')).status).toBe(404);
    expect((await owner.get('/wallet?after=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('plan move', () => {
  test('the gateway\'s rate limit follows the first paid top-up within seconds', async () => {
    // A fresh account's first top-up, its free plan cached by the gateway (an exhausted free bucket) first.
    const b = await signedInUser();
    await b.get('/');
    expect((await b.post('/grant')).status).toBe(200);
    await b.get('/keys');
    const api = new ApiClient(stack.gatewayUrl, /id="new-key-secret">([^<]+)</.exec((await b.post('/keys', { name: 'burst' })).body)![1]!);
    const allowed = async (count: number) => (await Promise.all(Array.from({ length: count }, async () => (await api.get('/v1/wallet')).status))).filter((s) => s === 200).length;
    expect(await allowed(12)).toBeLessThanOrEqual(5);
    const { paymentId, checkout } = await startTopUp(b, '20');
    expect(await deliver('checkout.session.completed', paid(paymentId, checkout.response.id, 2000, 0))).toBe(200);
    expect((await b.get('/wallet')).body).toContain('data-plan="default"');
    // Within 3 s of the credit the gateway applies the default plan: a burst of 12 passes whole (default
    // burst 20); on the free plan at most 4 (+ refill) would.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await allowed(12)).toBe(12);
  });
});

describe('saved card and auto-recharge', () => {
  let attemptId = '';

  test('turning auto-recharge on without a saved card is refused with a clear message and saves nothing', async () => {
    await owner.get('/auto-recharge');
    const res = await owner.post('/auto-recharge', { enabled: 'on', trigger: '5', amount: '20', daily_cap: '', weekly_cap: '' });
    expect(res.status).toBe(409);
    expect(res.body).toContain('Auto-recharge charges your saved card: save a card first, then turn it on.');
    expect((await owner.get('/auto-recharge')).body).toContain('data-state="off"');
  });

  test('the card button goes to the processor\'s setup page; once its webhook lands the card shows with brand and last 4 digits', async () => {
    const before = recorder.checkouts('setup').length;
    expect((await owner.get('/auto-recharge')).body).toContain('No saved card.');
    const res = await owner.post('/card');
    expect(res.status).toBe(303);
    const setup = recorder.checkouts('setup')[before]!;
    expect(res.headers.get('location')).toBe(setup.response.url);
    expect(setup.form.get('success_url')).toBe(`${stack.dashboardUrl}/auto-recharge?card=saved`);
    expect(setup.form.get('cancel_url')).toBe(`${stack.dashboardUrl}/auto-recharge`);
    expect((await owner.get('/auto-recharge?card=saved')).body).toContain('Your card will show here once the payment processor confirms it');
    const customer = setup.form.get('customer')!;
    expect(await deliver('setup_intent.succeeded', { id: 'seti_e2e', object: 'setup_intent', status: 'succeeded', customer, payment_method: 'pm_e2e', metadata: {} })).toBe(200);
    // stripe-mock's fixture card.
    expect((await owner.get('/auto-recharge')).body).toMatch(/id="card">visa ending in <strong>4242<\/strong>, expires \d\d\/\d{4}/);
  });

  test('settings round-trip in dollars; bad values are refused and change nothing', async () => {
    await owner.get('/auto-recharge');
    const saved = await owner.post('/auto-recharge', { enabled: 'on', trigger: '7.5', amount: '25', daily_cap: '50', weekly_cap: '100' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/auto-recharge?saved=1');
    const page = (await owner.get('/auto-recharge?saved=1')).body;
    expect(page).toContain('Settings saved.');
    expect(page).toContain('data-state="active"');
    expect(page).toContain('name="enabled" value="on" checked');
    for (const [name, value] of [['trigger', '7.50'], ['amount', '25.00'], ['daily_cap', '50.00'], ['weekly_cap', '100.00']]) expect(page).toContain(`name="${name}" inputmode="decimal" value="${value}"`);
    for (const [form, msg] of [
      [{ daily_cap: '10' }, 'a cap must allow at least one recharge'],
      [{ daily_cap: '60', weekly_cap: '50' }, 'the weekly cap must not be below the daily cap'],
      [{ amount: '4.99' }, 'Enter an amount from USD 5'],
      [{ trigger: 'x' }, 'Trigger balance: enter an amount'],
    ] as const) {
      const res = await owner.post('/auto-recharge', { enabled: 'on', trigger: '7.5', amount: '25', daily_cap: '50', weekly_cap: '100', ...form });
      expect([form, res.status]).toEqual([form, 400]);
      expect(res.body).toContain(msg);
    }
    const after = (await owner.get('/auto-recharge')).body;
    expect(after).toContain('name="daily_cap" inputmode="decimal" value="50.00"');
    expect(after).toContain('name="amount" inputmode="decimal" value="25.00"');
    // Empty caps are none.
    await owner.get('/auto-recharge');
    expect((await owner.post('/auto-recharge', { enabled: 'on', trigger: '7.5', amount: '25', daily_cap: '', weekly_cap: '' })).status).toBe(303);
    expect((await owner.get('/auto-recharge')).body).toContain('name="daily_cap" inputmode="decimal" value=""');
  });

  test('a recharge shows among the last attempts; a decline turns it off with its notice', async () => {
    // A trigger above the balance: the next billed page crosses it and starts one recharge.
    await owner.get('/auto-recharge');
    expect((await owner.post('/auto-recharge', { enabled: 'on', trigger: '1000', amount: '25', daily_cap: '', weekly_cap: '' })).status).toBe(303);
    expect((await ownerApi.post('/v1/extract', { schema: sampleInvoiceSchema, document: { bytes_base64: b64(await sampleInvoicePdf(1)) } })).status).toBe(200);
    attemptId = await waitFor('the recharge attempt', async () => /data-attempt-id="([^"]+)"><td>[^<]*<\/td><td>USD 25.00<\/td><td>pending<\/td>/.exec((await owner.get('/auto-recharge')).body)?.[1], 30_000);
    expect(await deliver('payment_intent.payment_failed', { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method', metadata: { payment_id: attemptId, kind: 'auto_recharge' }, last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } })).toBe(200);
    const page = (await owner.get('/auto-recharge')).body;
    expect(page).toContain('data-state="off"');
    expect(page).toMatch(/<p class="error" role="alert" id="recharge-notice">[^<]+<\/p>/);
    expect(page).toContain('off: your card was declined');
    expect(page).toMatch(new RegExp(`data-attempt-id="${attemptId}"><td>[^<]*</td><td>USD 25.00</td><td>failed</td><td>insufficient_funds</td>`));
    // Saving again turns it back on.
    await owner.get('/auto-recharge');
    expect((await owner.post('/auto-recharge', { enabled: 'on', trigger: '7.5', amount: '25', daily_cap: '50', weekly_cap: '' })).status).toBe(303);
    expect((await owner.get('/auto-recharge')).body).toContain('data-state="active"');
  });
});

describe('a second account sees and changes nothing of the first\'s', () => {
  // The first account's id as billing sent it to the processor (the first checkout of this file is the owner's).
  const ownerAccountId = () => recorder.checkouts('payment')[0]!.form.get('metadata[account_id]')!;

  test('receipts: not on its wallet, not on the return page, not usable as a cursor', async () => {
    const ownerPayments = [...(await owner.get('/wallet')).body.matchAll(/data-payment-id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ownerPayments.length).toBeGreaterThan(0);
    const wallet = (await other.get('/wallet')).body;
    expect(wallet).toContain('No payments yet.');
    for (const id of ownerPayments) {
      expect(wallet).not.toContain(id);
      // Naming the first account in the query changes nothing: the session's account is the one asked about.
      const done = await other.get(`/top-up/done?payment=${id}&account=${ownerAccountId()}&account_id=${ownerAccountId()}`);
      expect(done.status).toBe(404);
      expect(done.body).not.toContain('data-state=');
      expect((await other.get(`/wallet?after=${id}&account=${ownerAccountId()}&account_id=${ownerAccountId()}`)).status).toBe(404);
    }
    const named = (await other.get(`/wallet?account=${ownerAccountId()}&account_id=${ownerAccountId()}`)).body;
    for (const id of ownerPayments) expect(named).not.toContain(id);
  });

  test('ledger: none of the first\'s entries on its wallet, and the first\'s entry ids are not usable as its cursor', async () => {
    const ownerWallet = (await owner.get('/wallet')).body;
    const ownerEntries = [...ownerWallet.matchAll(/data-entry-id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ownerEntries.length).toBeGreaterThanOrEqual(2);
    // The owner pages its own ledger from an entry of its own.
    const ownerOlder = await owner.get(`/wallet?ledger_after=${ownerEntries[0]}`);
    expect(ownerOlder.status).toBe(200);
    expect([...ownerOlder.body.matchAll(/data-entry-id="([^"]+)"/g)].map((m) => m[1]!)).toEqual(ownerEntries.slice(1));
    const wallet = (await other.get(`/wallet?account=${ownerAccountId()}&account_id=${ownerAccountId()}`)).body;
    expect(wallet).toContain('No entries yet.');
    expect(wallet).not.toContain('data-entry-id=');
    for (const id of ownerEntries) {
      expect(wallet).not.toContain(id);
      const paged = await other.get(`/wallet?ledger_after=${id}&account_id=${ownerAccountId()}`);
      expect(paged.status).toBe(404);
      expect(paged.body).not.toContain('data-entry-id=');
    }
    expect((await other.get('/wallet?ledger_after=not-an-entry')).status).toBe(404);
  });

  test('auto-recharge: its page shows none of the first\'s card or settings, and a form naming the first account changes only its own', async () => {
    const page = (await other.get('/auto-recharge')).body;
    expect(page).toContain('No saved card.');
    expect(page).not.toContain('4242');
    expect(page).toContain('name="amount" inputmode="decimal" value="20.00"');
    const ownerBefore = (await owner.get('/auto-recharge')).body.replace(/name="_csrf" value="[^"]*"/g, '');
    // Whatever account the form names, the session's account is the one saved (and it has no card).
    expect(ownerAccountId()).toMatch(/\S/);
    const guesses = { account_id: ownerAccountId(), accountId: ownerAccountId(), account: ownerAccountId(), enabled: 'on', trigger: '1', amount: '5', daily_cap: '', weekly_cap: '' };
    expect((await other.post('/auto-recharge', guesses)).status).toBe(409);
    expect((await other.post('/auto-recharge', { ...guesses, enabled: '' })).status).toBe(303);
    expect((await other.get('/auto-recharge')).body).toContain('name="amount" inputmode="decimal" value="5.00"');
    expect((await owner.get('/auto-recharge')).body.replace(/name="_csrf" value="[^"]*"/g, '')).toBe(ownerBefore);
  });
});

describe('CSRF on every new form', () => {
  test('a missing or forged token is refused with 403: no checkout, no card setup, no settings change', async () => {
    await owner.get('/auto-recharge');
    const checkouts = recorder.calls.length;
    const settingsBefore = (await owner.get('/auto-recharge')).body.replace(/name="_csrf" value="[^"]*"/g, '');
    for (const [path, form] of [['/top-up', { amount: '20' }], ['/card', {}], ['/auto-recharge', { enabled: '', trigger: '1', amount: '5', daily_cap: '', weekly_cap: '' }]] as Array<[string, Record<string, string>]>) {
      expect([path, (await owner.post(path, form, false)).status]).toEqual([path, 403]);
      expect([path, (await owner.post(path, { ...form, _csrf: 'forged' }, false)).status]).toEqual([path, 403]);
    }
    expect(recorder.calls).toHaveLength(checkouts);
    expect((await owner.get('/auto-recharge')).body.replace(/name="_csrf" value="[^"]*"/g, '')).toBe(settingsBefore);
  });
});
