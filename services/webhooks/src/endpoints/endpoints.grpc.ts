import { Controller, Inject } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { webhooksV1 } from '@exs/contracts';
import type { Delivery, DeliveryAttempt, Endpoint } from '../generated/prisma/client.js';
import { CLOCK, type Clock } from '../clock.js';
import { TargetRefusedError } from '../targets/target-guard.js';
import { EndpointLimitError, EndpointNotFoundError, EndpointsService, InvalidEndpointError } from './endpoints.service.js';

const grpcError = (code: status, message: string) => new RpcException({ code, message });

/**
 * PostgreSQL cannot store or compare text with NUL (U+0000): a NUL in any text a handler stores or queries
 * by is INVALID_ARGUMENT (the gateway answers it as invalid_schema), never a database error. The gateway
 * refuses NUL at its edge already; this holds for every caller of this API.
 */
function refuseNul(fields: Record<string, string | string[] | undefined>): void {
  for (const [name, value] of Object.entries(fields)) {
    if ((Array.isArray(value) ? value : [value]).some((text) => text?.includes('\0'))) {
      throw grpcError(status.INVALID_ARGUMENT, `${name} must not contain the NUL character (U+0000)`);
    }
  }
}

function translate(err: unknown): never {
  if (err instanceof TargetRefusedError) throw grpcError(status.INVALID_ARGUMENT, err.message);
  if (err instanceof InvalidEndpointError) throw grpcError(status.INVALID_ARGUMENT, err.message);
  if (err instanceof EndpointNotFoundError) throw grpcError(status.NOT_FOUND, 'endpoint not found');
  if (err instanceof EndpointLimitError) throw grpcError(status.RESOURCE_EXHAUSTED, err.message);
  throw err;
}

const ms = (d: Date | null | undefined) => (d ? String(d.getTime()) : '0');

/** The secret leaves the service only in the creation response. */
function toEndpoint(e: Endpoint, withSecret = false): webhooksV1.Endpoint {
  return {
    id: e.id,
    accountId: e.accountId,
    url: e.url,
    secret: withSecret ? e.secret : '',
    createdAtMs: ms(e.createdAt),
    eventTypes: e.eventTypes,
    description: e.description,
  };
}

function toDelivery(d: Delivery & { attempts: DeliveryAttempt[] }): webhooksV1.Delivery {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventType: d.eventType,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAtMs: ms(d.nextAttemptAt),
    createdAtMs: ms(d.createdAt),
    attempts: d.attempts.map((a) => ({
      attemptNumber: a.attemptNumber,
      startedAtMs: ms(a.startedAt),
      statusCode: a.statusCode ?? 0,
      latencyMs: a.latencyMs,
      error: a.error ?? '',
    })),
  };
}

@Controller()
@webhooksV1.WebhooksServiceControllerMethods()
export class WebhooksGrpcController implements webhooksV1.WebhooksServiceController {
  constructor(private readonly endpoints: EndpointsService, @Inject(CLOCK) private readonly clock: Clock) {}

  async createEndpoint(req: webhooksV1.CreateEndpointRequest): Promise<webhooksV1.CreateEndpointResponse> {
    refuseNul({ account_id: req.accountId, url: req.url, event_types: req.eventTypes, description: req.description });
    try {
      const endpoint = await this.endpoints.create({ accountId: req.accountId, url: req.url, eventTypes: req.eventTypes ?? [], description: req.description ?? '' });
      return { endpoint: toEndpoint(endpoint, true) };
    } catch (err) { translate(err); }
  }

  async listEndpoints(req: webhooksV1.ListEndpointsRequest): Promise<webhooksV1.ListEndpointsResponse> {
    refuseNul({ account_id: req.accountId });
    if (!req.accountId) throw grpcError(status.INVALID_ARGUMENT, 'account_id is required');
    return { endpoints: (await this.endpoints.list(req.accountId)).map((e) => toEndpoint(e)) };
  }

  async deleteEndpoint(req: webhooksV1.DeleteEndpointRequest): Promise<webhooksV1.DeleteEndpointResponse> {
    refuseNul({ account_id: req.accountId, endpoint_id: req.endpointId });
    try {
      await this.endpoints.delete(req.accountId, req.endpointId, this.clock.now());
      return { deleted: true };
    } catch (err) { translate(err); }
  }

  async listDeliveries(req: webhooksV1.ListDeliveriesRequest): Promise<webhooksV1.ListDeliveriesResponse> {
    refuseNul({ account_id: req.accountId, endpoint_id: req.endpointId });
    try {
      return { deliveries: (await this.endpoints.listDeliveries(req.accountId, req.endpointId, req.limit)).map(toDelivery) };
    } catch (err) { translate(err); }
  }

  async resendDelivery(req: webhooksV1.ResendDeliveryRequest): Promise<webhooksV1.ResendDeliveryResponse> {
    refuseNul({ account_id: req.accountId, delivery_id: req.deliveryId });
    try {
      return { delivery: toDelivery(await this.endpoints.resendDelivery(req.accountId, req.deliveryId, this.clock.now())) };
    } catch (err) { translate(err); }
  }
}
