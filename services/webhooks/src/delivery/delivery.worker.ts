import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, propagation, trace } from '@opentelemetry/api';
import type { Logger } from '@exs/platform';
import { CLOCK, type Clock } from '../clock.js';
import { TargetGuard, TargetRefusedError } from '../targets/target-guard.js';
import { LOGGER, WEBHOOKS_OPTIONS, type WebhooksOptions } from '../tokens.js';
import { DIALER, type Dialer } from './dialer.js';
import { DeliveryStore, type AttemptOutcome, type ClaimedDelivery } from './delivery.store.js';
import { DeliveryMetrics } from './delivery-metrics.js';
import { isDelivered, nextAttemptDelayMs } from './schedule.js';
import { signedHeaders } from './signing.js';

const tracer = trace.getTracer('exs-webhooks');

/**
 * Sends due deliveries. Each instance claims rows under a lease (see DeliveryStore.claimDue), keeps at
 * most `concurrency` attempts in flight, and looks for due rows every poll interval and whenever an
 * event was enqueued or an attempt finished.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly inFlight = new Set<Promise<void>>();
  private claiming?: Promise<void>;
  private wakeRequested = false;
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly store: DeliveryStore,
    private readonly guard: TargetGuard,
    @Inject(DIALER) private readonly dialer: Dialer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: DeliveryMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.options.runWorker) return;
    this.running = true;
    this.timer = setInterval(() => this.pump(), this.options.pollIntervalMs);
    this.timer.unref();
    this.pump();
  }

  async onModuleDestroy(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    await this.claiming;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Something became due (an event was enqueued): look now rather than at the next poll. */
  wake(): void {
    this.pump();
  }

  /** One claim-and-send round, awaited in full: how tests drive delivery with a controlled clock. */
  async runOnce(): Promise<number> {
    const claimed = await this.store.claimDue(this.clock.now(), this.options.concurrency, this.owner, this.options.leaseMs);
    await Promise.all(claimed.map((d) => this.attempt(d)));
    return claimed.length;
  }

  private pump(): void {
    if (!this.running) return;
    if (this.claiming) {
      this.wakeRequested = true;
      return;
    }
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return; // a finishing attempt pumps again
    this.wakeRequested = false;
    let more = false;
    this.claiming = this.store.claimDue(this.clock.now(), free, this.owner, this.options.leaseMs)
      .then((claimed) => {
        more = claimed.length === free;
        for (const delivery of claimed) {
          const done: Promise<void> = this.attempt(delivery).finally(() => {
            this.inFlight.delete(done);
            this.pump();
          });
          this.inFlight.add(done);
        }
      })
      .catch((err) => this.logger.error({ err }, 'claiming due deliveries failed'))
      .finally(() => {
        this.claiming = undefined;
        if (more || this.wakeRequested) this.pump();
      });
  }

  /** One attempt, in a span that continues the trace of the event that caused the delivery. */
  private attempt(delivery: ClaimedDelivery): Promise<void> {
    const parent = propagation.extract(ROOT_CONTEXT, (delivery.traceContext ?? {}) as Record<string, string>);
    const attemptNumber = delivery.attemptCount + 1;
    return tracer.startActiveSpan('webhook deliver', {
      kind: SpanKind.CLIENT,
      attributes: {
        'webhook.id': delivery.id,
        'webhook.event_type': delivery.eventType,
        'webhook.endpoint_id': delivery.endpointId,
        'webhook.attempt': attemptNumber,
      },
    }, parent, async (span) => {
      try {
        if (delivery.endpoint.deletedAt) {
          await this.store.cancelClaimed(delivery.id, this.owner);
          this.metrics.ended('canceled');
          span.setAttribute('webhook.outcome', 'canceled');
          return;
        }
        const outcome = await this.send(delivery, attemptNumber);
        this.metrics.attempted(outcome);
        if (outcome.statusCode !== null) span.setAttribute('http.response.status_code', outcome.statusCode);
        span.setAttribute('webhook.outcome', outcome.status);
        if (outcome.error) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error });
        const recorded = await this.store.recordAttempt(delivery.id, this.owner, outcome);
        if (recorded && outcome.status !== 'pending') this.metrics.ended(outcome.status);
        if (!recorded) this.logger.warn({ deliveryId: delivery.id, attemptNumber }, 'delivery lease lost before the attempt was recorded');
        else if (outcome.status === 'failed') this.logger.warn({ deliveryId: delivery.id, endpointId: delivery.endpointId }, 'webhook delivery failed after the last attempt');
      } catch (err) {
        // The lease expires and the attempt is made again: a recording failure must not lose the delivery.
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        this.logger.error({ err, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
      } finally {
        span.end();
      }
    });
  }

  private async send(delivery: ClaimedDelivery, attemptNumber: number): Promise<AttemptOutcome> {
    const startedAt = this.clock.now();
    const began = performance.now();
    let statusCode: number | null = null;
    let responseBody: string | null = null;
    let error: string | null = null;
    try {
      // Checked again at every attempt: the host may resolve elsewhere than at registration.
      const target = await this.guard.check(delivery.endpoint.url);
      const headers = signedHeaders(delivery.endpoint.secret, delivery.id, startedAt, delivery.payload);
      const response = await this.dialer.send({ target, headers: { ...headers }, body: delivery.payload, timeoutMs: this.options.deliveryTimeoutMs });
      statusCode = response.statusCode;
      responseBody = response.bodyPrefix;
      if (!isDelivered(statusCode)) error = `endpoint answered HTTP ${statusCode}`;
    } catch (err) {
      error = err instanceof TargetRefusedError ? `target refused: ${err.message}` : (err as Error)?.message || String(err);
    }
    const latencyMs = Math.round(performance.now() - began);
    const delivered = isDelivered(statusCode);
    const delay = delivered ? null : nextAttemptDelayMs(attemptNumber);
    const status = delivered ? 'succeeded' : delay === null ? 'failed' : 'pending';
    const nextAttemptAt = status === 'pending' ? new Date(this.clock.now().getTime() + delay!) : null;
    return { attemptNumber, startedAt, statusCode, latencyMs, error, responseBody, status, nextAttemptAt };
  }
}
