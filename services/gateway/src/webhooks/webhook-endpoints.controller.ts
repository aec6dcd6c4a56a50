import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { webhooksV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { fromGrpcError } from '../edge/grpc-failure.js';

const iso = (ms: string) => new Date(Number(ms)).toISOString();

const endpointView = (e: webhooksV1.Endpoint) => ({
  id: e.id,
  object: 'webhook_endpoint',
  url: e.url,
  event_types: e.eventTypes,
  description: e.description,
  created_at: iso(e.createdAtMs),
});

export function parseCreate(body: unknown): { url: string; eventTypes: string[]; description: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_schema', {}, 'body must be a JSON object');
  const { url, event_types: eventTypes = [], description = '', ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new ApiError('invalid_schema', {}, `body: unknown field "${unknown}"`);
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) throw new ApiError('invalid_schema', {}, '/url: required, a URL of at most 2048 characters');
  if (!Array.isArray(eventTypes) || eventTypes.some((t) => typeof t !== 'string')) throw new ApiError('invalid_schema', {}, '/event_types: must be an array of event type names');
  if (typeof description !== 'string' || description.length > 256) throw new ApiError('invalid_schema', {}, '/description: a string of at most 256 characters');
  return { url, eventTypes: eventTypes as string[], description };
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

  @Get()
  async list(@CurrentPrincipal() principal: Principal) {
    const { endpoints } = await call(this.webhooks.listEndpoints({ accountId: principal.accountId })).catch(fromGrpcError);
    return { object: 'list', data: endpoints.map(endpointView) };
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
