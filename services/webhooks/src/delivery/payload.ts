import { ERROR_CATALOG, isErrorCode } from '@exs/platform';
import type { eventsV1 } from '@exs/contracts';

/** Event types an endpoint can subscribe to. Receivers must ignore types they do not know. */
export const EVENT_TYPES = ['job.succeeded', 'job.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/** One source event, ready to fan out to an account's endpoints. */
export interface WebhookEvent {
  /** Stable identity of the event: a redelivered message yields the same id. */
  id: string;
  type: EventType;
  accountId: string;
  /** The JSON body sent on every attempt to every endpoint. */
  body: string;
}

const isoOrNow = (ms: string | number, now: Date) => {
  const n = Number(ms);
  return (Number.isFinite(n) && n > 0 ? new Date(n) : now).toISOString();
};

/** `{ type, timestamp, data }` per Standard Webhooks; `data` keys are snake_case like the public API. */
export function jobSucceededEvent(ev: eventsV1.JobSucceeded, now: Date): WebhookEvent {
  const timestamp = isoOrNow(ev.finishedAtMs, now);
  return {
    id: `job.succeeded:${ev.jobId}`,
    type: 'job.succeeded',
    accountId: ev.accountId,
    body: JSON.stringify({
      type: 'job.succeeded',
      timestamp,
      data: { job_id: ev.jobId, request_id: ev.requestId, state: 'succeeded', billed_pages: ev.billedPages, finished_at: timestamp },
    }),
  };
}

export function jobFailedEvent(ev: eventsV1.JobFailed, now: Date): WebhookEvent {
  const timestamp = isoOrNow(ev.finishedAtMs, now);
  const code = ev.errorCode || 'internal_error';
  return {
    id: `job.failed:${ev.jobId}`,
    type: 'job.failed',
    accountId: ev.accountId,
    body: JSON.stringify({
      type: 'job.failed',
      timestamp,
      data: {
        job_id: ev.jobId,
        request_id: ev.requestId,
        state: 'failed',
        error: { code, message: isErrorCode(code) ? ERROR_CATALOG[code].message : ERROR_CATALOG.internal_error.message },
        finished_at: timestamp,
      },
    }),
  };
}
