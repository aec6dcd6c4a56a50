import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes (the key is the decoded bytes). */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers for one attempt: `webhook-signature` is `v1,` + base64
 * HMAC-SHA256 over `<id>.<timestamp>.<body>` (signed by the official `standardwebhooks` package, so the
 * official verifiers accept it). The timestamp is the attempt's, in whole seconds.
 */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): SignedHeaders {
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
  };
}
