import { Inject, Injectable } from '@nestjs/common';
import { PrismaClient, type Endpoint } from '../generated/prisma/client.js';
import { TargetGuard } from '../targets/target-guard.js';
import { WEBHOOKS_OPTIONS, type WebhooksOptions } from '../tokens.js';
import { generateSecret } from '../delivery/signing.js';
import { isEventType } from '../delivery/payload.js';

export class EndpointNotFoundError extends Error {}
export class EndpointLimitError extends Error {}
export class InvalidEndpointError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MESSAGE_ID = /^msg_[0-9a-f]{32}$/;
const MAX_DESCRIPTION = 256;

export interface CreateEndpointInput {
  accountId: string;
  url: string;
  eventTypes: string[];
  description: string;
}

/** Endpoint registration rules; every operation is scoped to the calling account. */
@Injectable()
export class EndpointsService {
  constructor(
    private readonly db: PrismaClient,
    private readonly guard: TargetGuard,
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
  ) {}

  /** Validates the URL (scheme, and the SSRF rules on its resolved addresses) and mints the signing secret. */
  async create(input: CreateEndpointInput): Promise<Endpoint> {
    if (!input.accountId) throw new InvalidEndpointError('account_id is required');
    const eventTypes = [...new Set(input.eventTypes)];
    const unknown = eventTypes.filter((t) => !isEventType(t));
    if (unknown.length) throw new InvalidEndpointError(`unknown event types: ${unknown.join(', ')}`);
    if (input.description.length > MAX_DESCRIPTION) throw new InvalidEndpointError(`description must be at most ${MAX_DESCRIPTION} characters`);
    const { url } = await this.guard.check(input.url.trim());
    const count = await this.db.endpoint.count({ where: { accountId: input.accountId, deletedAt: null } });
    if (count >= this.options.maxEndpointsPerAccount) throw new EndpointLimitError(`at most ${this.options.maxEndpointsPerAccount} endpoints per account`);
    return this.db.endpoint.create({
      data: { accountId: input.accountId, url: url.toString(), eventTypes, description: input.description, secret: generateSecret() },
    });
  }

  list(accountId: string): Promise<Endpoint[]> {
    return this.db.endpoint.findMany({ where: { accountId, deletedAt: null }, orderBy: { createdAt: 'asc' } });
  }

  /** Soft delete; deliveries not yet made are cancelled. Another account's endpoint is "not found". */
  async delete(accountId: string, endpointId: string, now: Date): Promise<void> {
    if (!UUID.test(endpointId)) throw new EndpointNotFoundError();
    await this.db.$transaction(async (tx) => {
      const { count } = await tx.endpoint.updateMany({ where: { id: endpointId, accountId, deletedAt: null }, data: { deletedAt: now } });
      if (!count) throw new EndpointNotFoundError();
      await tx.delivery.updateMany({ where: { endpointId, status: 'pending' }, data: { status: 'canceled', nextAttemptAt: null } });
    });
  }

  async listDeliveries(accountId: string, endpointId: string, limit: number) {
    if (!UUID.test(endpointId)) throw new EndpointNotFoundError();
    const endpoint = await this.db.endpoint.findFirst({ where: { id: endpointId, accountId }, select: { id: true } });
    if (!endpoint) throw new EndpointNotFoundError();
    return this.db.delivery.findMany({
      where: { endpointId },
      orderBy: { createdAt: 'desc' },
      take: Math.min(Math.max(limit || 20, 1), 100),
      include: { attempts: { orderBy: { attemptNumber: 'asc' } } },
    });
  }

  /**
   * Sends a finished delivery again: pending, due now, same id and body. Only the account's deliveries
   * to endpoints it still has; a pending one is left as it is (an attempt is already due or scheduled).
   * The update is conditional on the delivery not being pending, so concurrent resends make it pending once.
   */
  async resendDelivery(accountId: string, deliveryId: string, now: Date) {
    if (!MESSAGE_ID.test(deliveryId)) throw new EndpointNotFoundError();
    const where = { id: deliveryId, accountId, endpoint: { deletedAt: null } };
    const found = await this.db.delivery.findFirst({ where, select: { id: true } });
    if (!found) throw new EndpointNotFoundError();
    await this.db.delivery.updateMany({
      where: { id: deliveryId, accountId, status: { in: ['succeeded', 'failed'] } },
      data: { status: 'pending', nextAttemptAt: now, leaseOwner: null, leaseUntil: null },
    });
    return this.db.delivery.findUniqueOrThrow({ where: { id: deliveryId }, include: { attempts: { orderBy: { attemptNumber: 'asc' } } } });
  }
}
