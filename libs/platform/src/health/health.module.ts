import { Controller, Get, Inject, Module, type DynamicModule } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import { Public } from '../http/public-route.js';

/** A named dependency check for readiness: resolves when the dependency answers, throws otherwise. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** Resolves `fn`, or rejects after `ms`: a hung dependency must fail the probe, not hang it. */
async function within<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([fn(), new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

@Public()
@Controller('healthz')
class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessChecks,
  ) {}

  /** Liveness: the process serves HTTP. Dependencies are not consulted, so an outage never restarts pods. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** Readiness: every dependency this service needs answers within 2.5 s. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(Object.entries(this.checks).map(([name, check]) => async () => {
      const session = this.indicators.check(name);
      try {
        await within(2500, check);
        return session.up();
      } catch (err) {
        return session.down({ message: (err as Error).message });
      }
    }));
  }
}

/** `/healthz/live` and `/healthz/ready` over HTTP (terminus), for probes and the stack runner. */
@Module({})
export class HealthModule {
  static forRoot(checksFactory: { imports?: DynamicModule['imports']; inject?: unknown[]; useFactory: (...deps: any[]) => ReadinessChecks }): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false }), ...(checksFactory.imports ?? [])],
      controllers: [HealthController],
      providers: [{ provide: READINESS_CHECKS, inject: checksFactory.inject as never[], useFactory: checksFactory.useFactory }],
    };
  }
}
