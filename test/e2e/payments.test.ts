// The money path on the running stack (services as processes, stripe-mock started by the stack): a free
// account's USD 20 top-up through billing's CreateTopUpCheckout (the dashboard's call) and the Stripe webhook
// the processor would send, signed with the Stripe library's test helper and the stack's own secret, POSTed
// to billing's HTTP port. The public API then shows the balance and the default plan, and a replay credits
// nothing more.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { credentials, loadPackageDefinition, type Client, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { StripeProcessor } from '../../services/billing/src/payments/stripe/stripe-processor.js';
import { ROOT, createAccount, startTestStack, type TestStack } from '../support/stack-fixture.js';

let stack: TestStack;
let client: Client & Record<string, (req: object, cb: (err: ServiceError | null, res: any) => void) => void>;

/** One unary call to billing's gRPC with a 10 s deadline (the dashboard's calls, through the real proto). */
const billing = (method: string, req: object): Promise<any> =>
  new Promise((resolve, reject) => client[method]!(req, (err, res) => (err ? reject(err) : resolve(res))));

beforeAll(async () => {
  stack = await startTestStack();
  const def = loadSync(join(ROOT, 'proto/exs/billing/v1/billing.proto'), { includeDirs: [join(ROOT, 'proto')], keepCase: true, longs: String, defaults: true, oneofs: true });
  const pkg = loadPackageDefinition(def) as any;
  client = new pkg.exs.billing.v1.BillingService(stack.env.get('billing')!.BILLING_GRPC_URL!, credentials.createInsecure(), { 'grpc.service_config': JSON.stringify({ methodConfig: [{ name: [{}], timeout: '10s' }] }) });
}, 180_000);

afterAll(async () => {
  client?.close();
  await stack?.dispose();
}, 60_000);

test('the stack runs billing against its stripe-mock on 127.0.0.1 with a webhook secret of its own', () => {
  const env = stack.env.get('billing')!;
  expect(env).toMatchObject({ PAYMENT_PROCESSOR: 'stripe', STRIPE_API_BASE: stack.urls.stripe });
  expect(stack.urls.stripe).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
});

test('a USD 20 top-up paid through the processor credits the wallet once and moves the free account to the default plan', async () => {
  const { account_id: accountId, api_key: apiKey } = createAccount(stack, `payer-${randomUUID()}@example.com`, ['--plan', 'free']);
  const wallet = async () => (await (await fetch(`${stack.gatewayUrl}/v1/wallet`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { plan: string; balance: unknown };
  expect((await wallet()).plan).toBe('free');
  // The operator CLI's grant (not paid: the plan stays free).
  const granted = BigInt((await billing('GetWallet', { account_id: accountId })).wallet.available_micros);

  const { payment_id: paymentId, checkout_url: checkoutUrl, checkout_id: checkoutId } = await billing('CreateTopUpCheckout', { account_id: accountId, amount_micros: '20000000', success_url: `${stack.dashboardUrl}/wallet`, cancel_url: `${stack.dashboardUrl}/top-up` });
  expect(checkoutUrl).toMatch(/^https:\/\//);
  const [pending] = (await billing('ListPayments', { account_id: accountId, limit: 1 })).payments;
  expect(pending).toMatchObject({ id: paymentId, state: 'pending', requested_micros: '20000000' });

  // The processor's word, as Stripe would POST it: the event names the checkout session billing made at
  // stripe-mock (CreateTopUpCheckout's checkout_id) and carries the payment id in its metadata.
  const env = stack.env.get('billing')!;
  const stripe = new StripeProcessor({ secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase: env.STRIPE_API_BASE!, timeoutMs: 5000, automaticTax: false }).client;
  const session = { id: 'cs_ignored', object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete', amount_total: 2000, currency: 'usd', total_details: { amount_tax: 0 }, payment_intent: 'pi_e2e', metadata: { account_id: accountId, payment_id: paymentId, kind: 'top_up' } };
  const deliver = async (checkoutId: string) => {
    const payload = JSON.stringify({ id: `evt_${checkoutId}`, object: 'event', type: 'checkout.session.completed', data: { object: { ...session, id: checkoutId } } });
    return fetch(`http://127.0.0.1:${env.HTTP_PORT}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: env.STRIPE_WEBHOOK_SECRET! }) },
      body: payload,
    });
  };
  // A session that is not this payment's is not credited.
  expect((await deliver('cs_not_this_one')).status).toBe(200);
  expect((await billing('GetWallet', { account_id: accountId })).wallet.available_micros).toBe(String(granted));
  // The payment's own session.
  expect(checkoutId).toMatch(/^cs_/);
  expect((await deliver(checkoutId)).status).toBe(200);
  expect((await deliver(checkoutId)).status).toBe(200);

  expect((await billing('GetWallet', { account_id: accountId })).wallet).toMatchObject({ available_micros: String(granted + 20_000_000n), plan: 'default' });
  expect((await wallet()).plan).toBe('default');
  const [paid] = (await billing('ListPayments', { account_id: accountId, limit: 1 })).payments;
  expect(paid).toMatchObject({ state: 'succeeded', paid_micros: '20000000', credited_micros: '20000000', pages: '1000' });
});
