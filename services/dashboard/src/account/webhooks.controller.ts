import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { call } from '@exs/platform';
import type { webhooksV1 } from '@exs/contracts';
import { deliveriesPage, endpointsPage, message, type EndpointRow } from '../views/pages.js';
import { field, pageContext, redirect, sendPage } from '../web.js';
import { AccountLink } from './account-link.js';
import { GRPC_INVALID_ARGUMENT, GRPC_NOT_FOUND, GRPC_RESOURCE_EXHAUSTED, SignedIn, grpcCode, minute, type Caller } from './signed-in.js';

/** Endpoint ids (UUIDs) and delivery ids (msg_ + 32 hex) as the webhooks service mints them. */
export const ENDPOINT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DELIVERY_ID = /^msg_[0-9a-f]{32}$/;
/** Recent deliveries shown per endpoint. */
export const DELIVERIES_SHOWN = 20;
const EVENT_TYPES = ['job.succeeded', 'job.failed'] as const;

const endpointRow = (e: webhooksV1.Endpoint): EndpointRow => ({
  id: e.id,
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes.length ? e.eventTypes.join(', ') : 'all events',
  created: minute(e.createdAtMs),
});

/**
 * Webhook endpoints (the webhooks service's): list, create with the signing secret shown once, delete,
 * and one endpoint's recent deliveries with their attempts and a resend button. Every call carries the
 * signed-in account's id; the service answers another account's endpoint or delivery as not found.
 */
@Controller()
export class WebhooksController {
  constructor(private readonly signedIn: SignedIn, private readonly accounts: AccountLink) {}

  private async renderEndpoints(reply: FastifyReply, caller: Caller, status: number, created?: { url: string; secret: string }, error?: string): Promise<void> {
    const { endpoints } = await call(this.accounts.webhooks.listEndpoints({ accountId: caller.accountId }));
    sendPage(reply, status, endpointsPage(pageContext(reply, caller.user.email), endpoints.map(endpointRow), created, error));
  }

  @Get('/webhooks')
  async list(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    await this.renderEndpoints(reply, caller, 200);
  }

  @Post('/webhooks')
  async create(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const url = field(req, 'url', 2049).trim();
    const description = field(req, 'description', 257).trim();
    if (!url || url.length > 2048) return this.renderEndpoints(reply, caller, 400, undefined, 'Enter the https URL of your endpoint (at most 2048 characters).');
    if (description.length > 256) return this.renderEndpoints(reply, caller, 400, undefined, 'A description has at most 256 characters.');
    // No box ticked: every event type, including types added later (the service's empty filter).
    const eventTypes = EVENT_TYPES.filter((t) => field(req, `event_${t.replace('.', '_')}`, 10) === 'on');
    let created: webhooksV1.CreateEndpointResponse;
    try {
      created = await call(this.accounts.webhooks.createEndpoint({ accountId: caller.accountId, url, eventTypes, description }));
    } catch (err) {
      const code = grpcCode(err);
      if (code === GRPC_INVALID_ARGUMENT) return this.renderEndpoints(reply, caller, 400, undefined, 'That URL cannot receive webhooks: it must be an https URL whose host resolves to public addresses.');
      if (code === GRPC_RESOURCE_EXHAUSTED) return this.renderEndpoints(reply, caller, 409, undefined, 'This account has the most endpoints it may have; delete one first.');
      throw err;
    }
    // The signing secret is in this response only; the page shows it once.
    await this.renderEndpoints(reply, caller, 201, { url: created.endpoint!.url, secret: created.endpoint!.secret });
  }

  @Post('/webhooks/:id/delete')
  async remove(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') endpointId: string): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    if (!ENDPOINT_ID.test(endpointId)) return this.renderEndpoints(reply, caller, 404, undefined, 'No such endpoint.');
    try {
      await call(this.accounts.webhooks.deleteEndpoint({ accountId: caller.accountId, endpointId }));
    } catch (err) {
      if (grpcCode(err) === GRPC_NOT_FOUND) return this.renderEndpoints(reply, caller, 404, undefined, 'No such endpoint.');
      throw err;
    }
    redirect(reply, '/webhooks');
  }

  @Get('/webhooks/:id')
  async deliveries(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') endpointId: string): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const ctx = pageContext(reply, caller.user.email);
    const notFound = () => sendPage(reply, 404, message(ctx, 'Webhook endpoint', 'No such endpoint.', 'error'));
    if (!ENDPOINT_ID.test(endpointId)) return notFound();
    // ListEndpoints has the endpoint's URL; a deleted or foreign endpoint is not in it.
    const { endpoints } = await call(this.accounts.webhooks.listEndpoints({ accountId: caller.accountId }));
    const endpoint = endpoints.find((e) => e.id === endpointId);
    if (!endpoint) return notFound();
    let deliveries: webhooksV1.Delivery[];
    try {
      ({ deliveries } = await call(this.accounts.webhooks.listDeliveries({ accountId: caller.accountId, endpointId, limit: DELIVERIES_SHOWN })));
    } catch (err) {
      if (grpcCode(err) === GRPC_NOT_FOUND) return notFound();
      throw err;
    }
    sendPage(reply, 200, deliveriesPage(ctx, endpointRow(endpoint), deliveries.map((d) => ({
      id: d.id,
      eventType: d.eventType,
      status: d.status,
      created: minute(d.createdAtMs),
      nextAttempt: minute(d.nextAttemptAtMs),
      attempts: d.attempts.map((a) => ({ number: a.attemptNumber, started: minute(a.startedAtMs), statusCode: a.statusCode || null, latencyMs: a.latencyMs, error: a.error })),
    }))));
  }

  @Post('/webhooks/:id/deliveries/:delivery/resend')
  async resend(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Param('id') endpointId: string, @Param('delivery') deliveryId: string): Promise<void> {
    const caller = await this.signedIn.caller(req, reply);
    if (!caller) return;
    const notFound = () => sendPage(reply, 404, message(pageContext(reply, caller.user.email), 'Webhook delivery', 'No such delivery.', 'error'));
    if (!ENDPOINT_ID.test(endpointId) || !DELIVERY_ID.test(deliveryId)) return notFound();
    let delivery: webhooksV1.Delivery | undefined;
    try {
      ({ delivery } = await call(this.accounts.webhooks.resendDelivery({ accountId: caller.accountId, deliveryId })));
    } catch (err) {
      if (grpcCode(err) === GRPC_NOT_FOUND) return notFound();
      throw err;
    }
    // Back to the endpoint the delivery belongs to (the account's own, whatever the URL said).
    redirect(reply, `/webhooks/${delivery!.endpointId}`);
  }
}
