import { Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Logger, ServiceAppOptions } from '@exs/platform';
import { BILLING_LOGGER } from '../reservations/reservation.service.js';
import { InvalidWebhookError } from './processor.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';

/** The largest webhook body accepted (Stripe's events are a few KB; its documented maximum is well below). */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

type FastifyLike = Parameters<NonNullable<ServiceAppOptions['configure']>>[0];

/**
 * Billing's HTTP app takes JSON bodies as the exact bytes received: a webhook's signature is over those
 * bytes, and re-serialising parsed JSON would not reproduce them. Billing has no other JSON routes.
 */
export function keepRawJsonBodies(fastify: FastifyLike): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
}

interface RawRequest {
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
}
interface Reply {
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  send(body: unknown): void;
}

/**
 * The processor's webhook endpoint, on billing's HTTP port: `POST /webhooks/<processor>` (Stripe:
 * `/webhooks/stripe`). Reached from the internet through an ingress path that routes only this path
 * (docs/billing.md, "Payments"). 200 for an event applied, replayed or not acted on; 400 for a bad
 * signature; 404 when that processor is not the configured one; 500 when applying failed (the
 * processor retries, and nothing of it was kept).
 */
@Controller()
export class PaymentWebhookController {
  constructor(private readonly webhooks: PaymentWebhooks, @Inject(BILLING_LOGGER) private readonly logger: Logger) {}

  @Post('/webhooks/:processor')
  @HttpCode(200)
  async receive(@Param('processor') name: string, @Req() req: RawRequest, @Res() reply: Reply): Promise<void> {
    const processor = this.webhooks.configured;
    if (!processor || processor.name !== name) return reply.code(404).send({ error: 'not found' });
    if (!Buffer.isBuffer(req.body)) return reply.code(400).send({ error: 'expected a JSON body' });
    let event;
    try {
      event = await processor.parseWebhook(req.body, req.headers);
    } catch (err) {
      if (err instanceof InvalidWebhookError) {
        this.logger.warn({ processor: name, reason: err.message }, 'webhook refused');
        return reply.code(400).send({ error: 'invalid signature' });
      }
      throw err;
    }
    try {
      const result = await this.webhooks.apply(event);
      reply.code(200).send({ received: true, status: result.status });
    } catch (err) {
      this.logger.error({ err, eventId: event.eventId, type: event.type }, 'applying a payment event failed; the processor will retry');
      reply.code(500).send({ error: 'internal error' });
    }
  }
}
