import { Inject, Injectable, Optional } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from './processor.js';

export class PaymentsNotConfiguredError extends Error {}

/** The account's customer at the processor, made the first time it is needed and kept (payment_customers). */
@Injectable()
export class PaymentCustomers {
  constructor(
    private readonly db: PrismaClient,
    @Optional() @Inject(PAYMENT_PROCESSOR) private readonly processor?: PaymentProcessor,
  ) {}

  /**
   * Two concurrent first calls both ask the processor with the same idempotency key (so it makes one
   * customer and answers both with it); one insert wins and the other reads it.
   */
  async customerFor(accountId: string): Promise<string> {
    const processor = this.processor;
    if (!processor) throw new PaymentsNotConfiguredError();
    const known = await this.db.paymentCustomer.findUnique({ where: { accountId_processor: { accountId, processor: processor.name } } });
    if (known) return known.customerId;
    const { customerId } = await processor.createCustomer({ accountId, idempotencyKey: `customer-${accountId}` });
    await this.db.paymentCustomer.createMany({ data: [{ accountId, processor: processor.name, customerId }], skipDuplicates: true });
    const row = await this.db.paymentCustomer.findUniqueOrThrow({ where: { accountId_processor: { accountId, processor: processor.name } } });
    return row.customerId;
  }

  async accountOf(customerId: string): Promise<string | null> {
    if (!this.processor) return null;
    const row = await this.db.paymentCustomer.findUnique({ where: { processor_customerId: { processor: this.processor.name, customerId } } });
    return row?.accountId ?? null;
  }
}
