import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceMetrics, type Logger, type ReadinessChecks } from '@exs/platform';
import { engineDeadlines, type ExtractionConfig } from '../config.js';
import { documentAiSettings } from '../providers/documentai/settings.js';
import { EnginePool } from './engine-pool.js';
import { EngineHealth } from './engine-health.js';
import { observeEnginePool } from './engine-metrics.js';

/** The `engine` readiness check: a trivial task gets through a thread within the probe (engine-health.ts). */
/**
 * The engine's readiness check, for processes that serve the extraction API only. A worker-only process takes
 * no routed traffic; there readiness gates rollouts and disruption budgets, where a worker busy with a long job
 * (every thread taken past the probe) must still count as available.
 */
export const engineReadiness = (health: EngineHealth, targets: ReadonlySet<string>): ReadinessChecks =>
  (targets.has('api') ? { engine: () => health.check() } : {});

/** The engine pool and its health, global so the readiness checks (HealthModule) can reach them. */
@Module({})
export class EngineModule {
  static forRoot(config: ExtractionConfig, logger: Logger): DynamicModule {
    return {
      module: EngineModule,
      global: true,
      providers: [
        {
          provide: EnginePool,
          inject: [ServiceMetrics],
          useFactory: (metrics: ServiceMetrics) => {
            const ocrProvider = documentAiSettings(config);
            const deadlines = engineDeadlines(config);
            logger.info({ threads: config.ENGINE_THREADS, deadlines, ocrProvider: ocrProvider ? `documentai ${ocrProvider.processor} at ${ocrProvider.host}:${ocrProvider.port}` : 'none (local OCR)' }, 'engine worker threads');
            const pool = new EnginePool({ threads: config.ENGINE_THREADS, ocrProvider, logger, deadlines });
            observeEnginePool(metrics, pool);
            return pool;
          },
        },
        { provide: EngineHealth, inject: [EnginePool], useFactory: (engine: EnginePool) => new EngineHealth(engine) },
      ],
      exports: [EnginePool, EngineHealth],
    };
  }
}
