/**
 * Whether the engine pool can take work now: a trivial task must get through a thread within a short
 * probe. A pool whose threads are all stuck (or all busy past the probe) cannot start an extraction, so
 * the process is not ready (HTTP `/healthz/ready`) and its gRPC API reports NOT_SERVING (grpc.health.v1).
 * The probe only observes: its deadline never terminates a thread (EnginePool.ping), so a thread still
 * loading the engine at start-up makes the process not ready for a while instead of being killed.
 */
import type { OnApplicationShutdown } from '@nestjs/common';
import type { EnginePool } from './engine-pool.js';

/** Under the 2.5 s each readiness check gets, and the 2 s the local stack's probe waits. */
export const ENGINE_PROBE_MS = 1_500;
/** How often the gRPC health status is refreshed: nothing polls it through this process's HTTP probe. */
export const ENGINE_WATCH_INTERVAL_MS = 5_000;

export class EngineHealth implements OnApplicationShutdown {
  private inflight?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(private readonly engine: Pick<EnginePool, 'ping'>, private readonly probeMs = ENGINE_PROBE_MS) {}

  /** Resolves when a thread answered within the probe; rejects otherwise. Concurrent callers share one probe. */
  check(): Promise<void> {
    this.inflight ??= this.engine.ping(this.probeMs).finally(() => { this.inflight = undefined; });
    return this.inflight;
  }

  /** Probes every `intervalMs` and tells `report` each change of state (first result included). */
  watch(report: (serving: boolean) => void, intervalMs = ENGINE_WATCH_INTERVAL_MS): void {
    let last: boolean | undefined;
    const probe = () => this.check().then(() => true, () => false).then((serving) => {
      if (serving !== last) report(serving);
      last = serving;
    });
    clearInterval(this.timer);
    this.timer = setInterval(probe, intervalMs);
    this.timer.unref();
    void probe();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
