import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { webhooksV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { fromGrpcError } from '../edge/grpc-failure.js';
import { listPage, pageOfList, parseListQuery } from '../edge/list-page.js';
import { validateBody } from '../openapi/request-validation.js';

const iso = (ms: string) => new Date(Number(ms)).toISOString();

const endpointView = (e: webhooksV1.Endpoint) => ({
  id: e.id,
  object: 'webhook_endpoint',
  url: e.url,
  event_types: e.eventTypes,
  description: e.description,
  created_at: iso(e.createdAtMs),
});

/** The body of `POST /v1/webhook_endpoints` (CreateWebhookEndpointRequest in the OpenAPI document). */
export function parseCreate(body: unknown): { url: string; eventTypes: string[]; description: string } {
  const { url, event_types: eventTypes = [], description = '' } = validateBody<{ url: string; event_types?: string[]; description?: string }>('/v1/webhook_endpoints', 'post', body);
  return { url, eventTypes, description };
}

/** Maps the webhooks service's refusals (bad or forbidden URL, too many endpoints) to invalid_schema. */
function fromWebhooksError(err: unknown): never {
  const code = (err as { code?: number }).code;
  if (code === status.INVALID_ARGUMENT || code === status.RESOURCE_EXHAUSTED) {
    throw new ApiError('invalid_schema', {}, String((err as { details?: string }).details ?? '').slice(0, 300) || undefined);
  }
  return fromGrpcError(err);
}

/** Webhook endpoint registration (docs/webhooks.md): the signing secret is returned once, at creation. */
@Controller('v1/webhook_endpoints')
export class WebhookEndpointsController {
  private readonly webhooks: webhooksV1.WebhooksServiceClient;

  constructor(@Inject(grpcClientToken('webhooks')) client: ClientGrpc) {
    this.webhooks = grpcService<webhooksV1.WebhooksServiceClient>(client, 'webhooks');
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @CurrentPrincipal() principal: Principal) {
    const req = parseCreate(body);
    const { endpoint } = await call(this.webhooks.createEndpoint({ accountId: principal.accountId, ...req })).catch(fromWebhooksError);
    return { ...endpointView(endpoint!), secret: endpoint!.secret };
  }

  /**
   * Newest first, Stripe-style cursors. An account has at most WEBHOOKS_MAX_ENDPOINTS_PER_ACCOUNT (20)
   * endpoints and the webhooks service returns them all, so the page is cut here.
   */
  @Get()
  async list(@Query() query: unknown, @CurrentPrincipal() principal: Principal) {
    const params = parseListQuery('/v1/webhook_endpoints', query);
    const { endpoints } = await call(this.webhooks.listEndpoints({ accountId: principal.accountId })).catch(fromGrpcError);
    const newestFirst = [...endpoints].sort((a, b) => Number(b.createdAtMs) - Number(a.createdAtMs) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const { data, hasMore } = pageOfList(newestFirst, params, (e) => e.id);
    return listPage('/v1/webhook_endpoints', data.map(endpointView), hasMore);
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    await call(this.webhooks.deleteEndpoint({ accountId: principal.accountId, endpointId: id })).catch((err: unknown) => {
      if ((err as { code?: number }).code === status.NOT_FOUND) throw new ApiError('not_found');
      return fromGrpcError(err);
    });
    return { id, object: 'webhook_endpoint', deleted: true };
  }
}
