import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HealthModule, MetricsModule, PrismaModule, grpcClientsModule, prismaPing, type Logger } from '@exs/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { DASHBOARD_CONFIG, type DashboardConfig } from './config.js';
import { CLOCK, systemClock, type Clock } from './clock.js';
import { LOGGER } from './tokens.js';
import { Mailer } from './mail/mailer.js';
import { UsersService } from './auth/users.service.js';
import { SessionsService } from './auth/sessions.service.js';
import { LoginThrottle, THROTTLE_REDIS, throttleRedis } from './auth/login-throttle.js';
import { MailLimit } from './auth/mail-limit.js';
import { AuthController } from './auth/auth.controller.js';
import { AccountLink } from './account/account-link.js';
import { AccountController } from './account/account.controller.js';
import { SignedIn } from './account/signed-in.js';
import { JobsController } from './account/jobs.controller.js';
import { UsageController } from './account/usage.controller.js';
import { WebhooksController } from './account/webhooks.controller.js';
import { BILLING_PROCESSOR_METHODS, PaymentsController } from './payments/payments.controller.js';
import { PageErrorsFilter } from './page-errors.filter.js';
import { ExpiredRowsSweeper } from './housekeeping/expired-rows-sweeper.js';

export interface DashboardModuleOptions {
  /** Tests move time with this. */
  clock?: Clock;
}

@Module({})
export class DashboardModule {
  static forRoot(config: DashboardConfig, logger: Logger, opts: DashboardModuleOptions = {}): DynamicModule {
    const providers: Provider[] = [
      { provide: DASHBOARD_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      { provide: CLOCK, useValue: opts.clock ?? systemClock },
      { provide: APP_FILTER, useFactory: () => new PageErrorsFilter(logger) },
      { provide: THROTTLE_REDIS, useFactory: () => throttleRedis(config.REDIS_URL) },
      Mailer,
      UsersService,
      SessionsService,
      LoginThrottle,
      MailLimit,
      AccountLink,
      SignedIn,
      ExpiredRowsSweeper,
    ];
    return {
      module: DashboardModule,
      imports: [
        MetricsModule.forRoot('dashboard'),
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        grpcClientsModule([
          { name: 'gateway', url: config.GATEWAY_GRPC_URL },
          {
            name: 'billing',
            url: config.BILLING_GRPC_URL,
            methods: BILLING_PROCESSOR_METHODS,
          },
          { name: 'extraction', url: config.EXTRACTION_GRPC_URL },
          { name: 'webhooks', url: config.WEBHOOKS_GRPC_URL },
          { name: 'ratelimit', url: config.RATELIMIT_GRPC_URL },
        ]),
        HealthModule.forRoot({ inject: [PrismaClient], useFactory: (db: PrismaClient) => ({ database: prismaPing(db) }) }),
      ],
      controllers: [AuthController, AccountController, JobsController, UsageController, WebhooksController, PaymentsController],
      providers,
    };
  }
}
