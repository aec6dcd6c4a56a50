// Billing as main.ts runs it (HTTP with the raw-body webhook route, and gRPC), on a fresh migrated database
// of the test PostgreSQL, its Stripe provider pointed at a real stripe-mock of its own. Webhook events are
// signed with the Stripe library's own test helper and the harness's webhook secret.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
type NestFastifyApplication = Awaited<ReturnType<typeof startServiceApp>>;
import type { ClientGrpc } from '@nestjs/microservices';
import { billingV1 } from '@exs/contracts';
import { createLogger, grpcClientToken, grpcClientsModule, grpcService, startServiceApp } from '@exs/platform';
import { getFreePort, startStripeMock, type RunningStripeMock } from '@exs/devinfra';
import { billingConfigSchema } from '../src/config.js';
import { BillingModule } from '../src/billing.module.js';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { StripeProcessor } from '../src/payments/stripe/stripe-processor.js';
import { keepRawJsonBodies } from '../src/payments/webhook.controller.js';
import { migratedDatabase } from '../../../test/support/databases.js';

const ROOT = join(import.meta.dirname, '../../..');

export interface PaymentsHarness {
  app: NestFastifyApplication;
  api: billingV1.BillingServiceClient;
  db: PrismaClient;
  processor: StripeProcessor;
  stripeMock: RunningStripeMock;
  webhookSecret: string;
  httpUrl: string;
  /** POSTs a signed event to /webhooks/stripe; `signature` overrides the header (a forged one). */
  deliver(event: object, opts?: { signature?: string }): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  clock?: { now(): number };
  /** Point the Stripe provider elsewhere (a loopback server answering a decline stripe-mock cannot make). */
  apiBase?: string;
}

export async function startPaymentsHarness(opts: HarnessOptions = {}): Promise<PaymentsHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'exs-billing-pay-'));
  const stripeMock = await startStripeMock({ port: await getFreePort(), rootDir: ROOT, dataDir: dir });
  try {
    const [httpPort, grpcPort] = [await getFreePort(), await getFreePort()];
    const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
    const databaseUrl = await migratedDatabase('billing');
    const config = billingConfigSchema.parse({
      DATABASE_URL: databaseUrl, HTTP_PORT: String(httpPort), GRPC_PORT: String(grpcPort), NODE_ENV: 'test',
      RESERVATION_SWEEP_INTERVAL_SECONDS: '3600',
      PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_test_harness', STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: opts.apiBase ?? stripeMock.apiBase, STRIPE_TIMEOUT_MS: '5000',
    });
    const processor = new StripeProcessor({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret, apiBase: config.STRIPE_API_BASE, timeoutMs: config.STRIPE_TIMEOUT_MS, automaticTax: false });
    const logger = createLogger('billing', (process.env.EXS_TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent');
    const app = await startServiceApp({
      module: BillingModule.forRoot(config, logger, { clock: opts.clock, processor }),
      logger,
      http: { host: '127.0.0.1', port: httpPort },
      configure: keepRawJsonBodies,
      grpc: { name: 'billing', host: '127.0.0.1', port: grpcPort },
    });
    const clients: INestApplicationContext = await NestFactory.createApplicationContext(grpcClientsModule([{ name: 'billing', url: `127.0.0.1:${grpcPort}` }]), { logger: false });
    const api = grpcService<billingV1.BillingServiceClient>(clients.get<ClientGrpc>(grpcClientToken('billing')), 'billing');
    const httpUrl = `http://127.0.0.1:${httpPort}`;
    return {
      app, api, processor, stripeMock, webhookSecret, httpUrl,
      db: app.get(PrismaClient),
      async deliver(event, o = {}) {
        const payload = JSON.stringify(event);
        const signature = o.signature ?? processor.client.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        return fetch(`${httpUrl}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload, signal: AbortSignal.timeout(10_000) });
      },
      async close() {
        await clients.close();
        await app.close();
        await stripeMock.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stripeMock.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A Stripe event envelope as Stripe sends it. */
export function stripeEvent(type: string, object: object, id = `evt_${randomUUID().replace(/-/g, '')}`) {
  return { id, object: 'event', api_version: '2026-08-26.dahlia', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

/** checkout.session.completed for a top-up as Stripe reports it once paid. */
export function paidCheckout(p: { checkoutId: string; paymentId: string; accountId: string; paidCents: number; taxCents?: number; paymentIntent?: string; currency?: string }) {
  return {
    id: p.checkoutId, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid',
    amount_total: p.paidCents, amount_subtotal: p.paidCents - (p.taxCents ?? 0), currency: p.currency ?? 'usd',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: p.taxCents ?? 0 },
    payment_intent: p.paymentIntent ?? `pi_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    customer: 'cus_test', client_reference_id: p.accountId,
    metadata: { account_id: p.accountId, payment_id: p.paymentId, kind: 'top_up' },
  };
}

/** An off-session PaymentIntent of an auto-recharge, as its webhooks carry it. */
export function rechargeIntent(p: { id: string; paymentId: string; accountId: string; cents: number; declineCode?: string }) {
  return {
    id: p.id, object: 'payment_intent', amount: p.cents, amount_received: p.declineCode ? 0 : p.cents, currency: 'usd',
    status: p.declineCode ? 'requires_payment_method' : 'succeeded', customer: 'cus_test', payment_method: 'pm_card_visa',
    last_payment_error: p.declineCode ? { type: 'card_error', code: 'card_declined', decline_code: p.declineCode, message: 'Your card was declined.' } : null,
    metadata: { account_id: p.accountId, payment_id: p.paymentId, kind: 'auto_recharge' },
  };
}
