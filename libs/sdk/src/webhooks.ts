/**
 * Verifying a webhook delivery (Standard Webhooks, as services/webhooks signs it): `webhook-signature`
 * holds one or more space-separated `v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<raw
 * body>`, keyed with the base64-decoded secret after `whsec_`. Web Crypto's HMAC verify compares in
 * constant time. A timestamp more than `toleranceSeconds` from the clock, either way, is refused (replays).
 */
import { decodeBase64 } from './base64.js';
import type { WebhookEvent } from './types.js';

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The endpoint's signing secret, `whsec_...`, from `webhookEndpoints.create()`. */
  secret: string;
  /** The raw request body, exactly as received (before any JSON parsing). */
  payload: string | Uint8Array | ArrayBuffer;
  /** The request's headers (a `Headers`, or Node's `req.headers`). */
  headers: WebhookHeaders;
  /** Largest accepted distance between `webhook-timestamp` and the clock (default 300, Standard Webhooks'). */
  toleranceSeconds?: number;
  /** The clock (default now). */
  now?: Date;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

const utf8 = new TextEncoder();

/** Checks the delivery's signature and timestamp and returns its parsed event; throws `WebhookVerificationError`. */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const id = header(options.headers, 'webhook-id');
  const timestamp = header(options.headers, 'webhook-timestamp');
  const signatures = header(options.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');

  if (!/^\d{1,15}$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not Unix seconds');
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const sentAt = Number(timestamp);
  if (nowSeconds - sentAt > tolerance) throw new WebhookVerificationError('webhook-timestamp is too old');
  if (sentAt - nowSeconds > tolerance) throw new WebhookVerificationError('webhook-timestamp is in the future');

  let keyBytes: Uint8Array<ArrayBuffer>;
  try {
    keyBytes = decodeBase64(options.secret.startsWith('whsec_') ? options.secret.slice('whsec_'.length) : options.secret);
  } catch {
    throw new WebhookVerificationError('the secret is not base64');
  }
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

  const body = typeof options.payload === 'string' ? utf8.encode(options.payload) : new Uint8Array(options.payload);
  const prefix = utf8.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);

  let verified = false;
  for (const candidate of signatures.split(' ')) {
    const [version, encoded] = candidate.split(',', 2);
    if (version !== 'v1' || !encoded) continue;
    let signature: Uint8Array<ArrayBuffer>;
    try {
      signature = decodeBase64(encoded);
    } catch {
      continue;
    }
    if (await crypto.subtle.verify('HMAC', key, signature, signed)) {
      verified = true;
      break;
    }
  }
  if (!verified) throw new WebhookVerificationError('no signature matches');

  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('the payload is not JSON');
  }
}
