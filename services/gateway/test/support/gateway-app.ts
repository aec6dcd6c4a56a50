// Test harness: the gateway's HTTP app as main.ts builds it (the same Fastify edge and Nest module), on a
// fresh database of the test PostgreSQL and the test Redis, with fake extraction and billing gRPC servers
// on loopback. Everything binds to 127.0.0.1.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Controller, Inject, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { billingV1, extractionV1 } from '@exs/contracts';
import { getFreePort } from '@exs/devinfra';
import { createLogger, grpcServerOptions, loadConfig } from '@exs/platform';
import { gatewayConfigSchema } from '../../src/config.js';
import { GatewayModule } from '../../src/gateway.module.js';
import { configureHttpEdge } from '../../src/edge/http-edge.js';
import { mintRequestId } from '../../src/edge/contract-headers.js';
import { JSON_BODY_LIMIT_BYTES } from '../../src/extract/extraction-request.js';
import { ApiKeysService } from '../../src/accounts/api-keys.service.js';
import { KeyBeforeBody } from '../../src/auth/key-before-body.js';
import { PrismaClient } from '../../src/generated/prisma/client.js';
import { migratedDatabase } from '../../../../test/support/databases.js';

/** What the fake services saw and answer. */
export class FakeState {
  calibratorVersion = 'cal-test-1';
  extractRequests: extractionV1.ExtractRequest[] = [];
  listJobsRequests: extractionV1.ListJobsRequest[] = [];
  listJobsAnswer: (req: extractionV1.ListJobsRequest) => extractionV1.ListJobsResponse = () => ({ list: { jobs: [], hasMore: false } });
}
const FAKE_STATE = Symbol('FAKE_STATE');
const notFaked = (): never => { throw new Error('not faked'); };

@Controller()
@extractionV1.ExtractionServiceControllerMethods()
class FakeExtraction implements extractionV1.ExtractionServiceController {
  constructor(@Inject(FAKE_STATE) private readonly state: FakeState) {}
  extract(req: extractionV1.ExtractRequest): extractionV1.ExtractResponse {
    this.state.extractRequests.push(req);
    return { resultJson: JSON.stringify({ data: {}, fields: {}, meta: { request_id: req.requestId } }), billedPages: 1 };
  }
  submitJob(): extractionV1.SubmitJobResponse { return notFaked(); }
  getJob(): extractionV1.GetJobResponse { return notFaked(); }
  listJobs(req: extractionV1.ListJobsRequest): extractionV1.ListJobsResponse {
    this.state.listJobsRequests.push(req);
    return this.state.listJobsAnswer(req);
  }
  getInfo(): extractionV1.GetInfoResponse {
    return { calibratorVersion: this.state.calibratorVersion, buildId: 'fake' };
  }
}

@Controller()
@billingV1.BillingServiceControllerMethods()
class FakeBilling implements billingV1.BillingServiceController {
  getWallet(req: billingV1.GetWalletRequest): billingV1.GetWalletResponse {
    return { wallet: { accountId: req.accountId, availableMicros: '20000000', heldMicros: '0', currency: 'USD', pricePerPageMicros: '20000', plan: 'default' } };
  }
  createWallet(): billingV1.CreateWalletResponse { return notFaked(); }
  credit(): billingV1.CreditResponse { return notFaked(); }
  reserve(): billingV1.ReserveResponse { return notFaked(); }
  capture(): billingV1.CaptureResponse { return notFaked(); }
  release(): billingV1.ReleaseResponse { return notFaked(); }
  ensureHold(): billingV1.EnsureHoldResponse { return notFaked(); }
  createTopUpCheckout(): billingV1.CreateTopUpCheckoutResponse { return notFaked(); }
  createCardSetup(): billingV1.CreateCardSetupResponse { return notFaked(); }
  getAutoRecharge(): billingV1.GetAutoRechargeResponse { return notFaked(); }
  setAutoRecharge(): billingV1.SetAutoRechargeResponse { return notFaked(); }
  listPayments(): billingV1.ListPaymentsResponse { return notFaked(); }
  listLedger(): billingV1.ListLedgerResponse { return notFaked(); }
}

@Module({})
class FakeModule {
  static of(controller: new (...args: never[]) => unknown, state: FakeState): DynamicModule {
    return { module: FakeModule, controllers: [controller], providers: [{ provide: FAKE_STATE, useValue: state }] };
  }
}

/** A fake gRPC service on a loopback port (started now, or later with `start()` for start-order tests). */
export class FakeService {
  private app?: INestMicroservice;
  constructor(private readonly name: 'extraction' | 'billing', readonly port: number, private readonly state: FakeState) {}

  get url(): string { return `127.0.0.1:${this.port}`; }

  async start(): Promise<this> {
    const controller = this.name === 'extraction' ? FakeExtraction : FakeBilling;
    this.app = await NestFactory.createMicroservice(FakeModule.of(controller, this.state), {
      ...grpcServerOptions(this.name, this.url).options,
      logger: false,
    });
    await this.app.listen();
    return this;
  }

  async stop(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }
}

export interface GatewayHarness {
  url: string;
  port: number;
  databaseUrl: string;
  app: NestFastifyApplication;
  db: PrismaClient;
  keys: ApiKeysService;
  state: FakeState;
  extraction: FakeService;
  /** A new account with one API key; returns the key's secret. */
  newApiKey(): Promise<{ accountId: string; keyId: string; secret: string }>;
  close(): Promise<void>;
}

export interface GatewayHarnessOptions {
  env?: Record<string, string>;
  /** Leave the fake extraction service stopped; the test starts it (`harness.extraction.start()`). */
  extractionStopped?: boolean;
  /** Reuse a database (a second gateway instance on the same data). */
  databaseUrl?: string;
}

export async function startGateway(options: GatewayHarnessOptions = {}): Promise<GatewayHarness> {
  const redisUrl = process.env.EXS_TEST_REDIS_URL;
  if (!redisUrl) throw new Error('EXS_TEST_REDIS_URL is not set (run through the integration project)');
  const databaseUrl = options.databaseUrl ?? await migratedDatabase('gateway');
  const state = new FakeState();
  const extraction = new FakeService('extraction', await getFreePort(), state);
  const billing = await new FakeService('billing', await getFreePort(), state).start();
  if (!options.extractionStopped) await extraction.start();

  const config = loadConfig(gatewayConfigSchema, {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    HTTP_PORT: '8080', // unused: the app listens on a free port below
    EXTRACTION_GRPC_URL: extraction.url,
    BILLING_GRPC_URL: billing.url,
    // Nothing listens on these: calls to them fail fast as unavailable.
    UPLOADS_GRPC_URL: `127.0.0.1:${await getFreePort()}`,
    WEBHOOKS_GRPC_URL: `127.0.0.1:${await getFreePort()}`,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const logger = createLogger('gateway-test', 'silent');
  // As startServiceApp builds it for main.ts.
  const adapter = new FastifyAdapter({ bodyLimit: JSON_BODY_LIMIT_BYTES, trustProxy: true, genReqId: mintRequestId });
  const keyBeforeBody = new KeyBeforeBody();
  configureHttpEdge(adapter.getInstance() as unknown as FastifyInstance, logger, keyBeforeBody, { corsAllowedOrigins: config.CORS_ALLOWED_ORIGINS });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config, logger, keyBeforeBody), adapter, { logger: false, bodyParser: false });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as { port: number }).port;
  const db = app.get(PrismaClient);
  const keys = app.get(ApiKeysService);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    databaseUrl,
    app,
    db,
    keys,
    state,
    extraction,
    async newApiKey() {
      const accountId = `acct_${randomBytes(12).toString('hex')}`;
      await db.account.create({ data: { id: accountId, email: `${accountId}@example.com` } });
      const { key, secret } = await keys.create(accountId, 'test');
      return { accountId, keyId: key.id, secret };
    },
    async close() {
      await app.close();
      await extraction.stop();
      await billing.stop();
    },
  };
}
