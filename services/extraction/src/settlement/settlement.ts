import { Injectable } from '@nestjs/common';
import { WalletSettlement } from './wallet-settlement.js';
import { DailyQuota } from './daily-quota.js';

/** What was held for one piece of work: funds in the wallet and pages of the daily quota. */
export interface Holds { reservationId: string; quotaHoldId: string }

/**
 * Everything held before work runs and settled after, in one place: the daily quota first (a 429
 * costs nothing), then the funds (402 before anything runs); on success both are captured, on
 * failure both released, so a failed extraction is never billed nor counted.
 */
@Injectable()
export class Settlement {
  constructor(private readonly wallet: WalletSettlement, private readonly quota: DailyQuota) {}

  /**
   * `keyPageLimit`: the calling API key's daily page limit (0 = none; the plan's quota alone applies);
   * `apiKeyId`: the calling key, under which the limiter counts the pages for usage by key.
   */
  async hold(accountId: string, reference: string, pages: number, keyPageLimit = 0, apiKeyId = ''): Promise<Holds> {
    const plan = await this.wallet.planOf(accountId);
    const quotaHoldId = await this.quota.hold(accountId, plan, reference, pages, keyPageLimit, Date.now(), apiKeyId);
    try {
      return { reservationId: await this.wallet.hold(accountId, reference, pages), quotaHoldId };
    } catch (err) {
      await this.quota.release(accountId, quotaHoldId);
      throw err;
    }
  }

  /**
   * For work that held at admission and may run much later (a queued or redelivered job): the funds
   * are held again if the hold lapsed meanwhile, so no work runs without a hold. Returns the holds to
   * settle with (a new reservation id when the hold was taken again). The daily quota's hold is kept.
   */
  async ensureHeld(accountId: string, reference: string, pages: number, holds: Holds): Promise<Holds> {
    return { ...holds, reservationId: await this.wallet.ensureHold(accountId, reference, pages, holds.reservationId) };
  }

  async capture(accountId: string, holds: Holds, pages: number): Promise<void> {
    await this.wallet.capture(holds.reservationId, pages);
    await this.quota.confirm(accountId, holds.quotaHoldId, pages);
  }

  async release(accountId: string, holds: Holds): Promise<void> {
    await this.wallet.release(holds.reservationId);
    await this.quota.release(accountId, holds.quotaHoldId);
  }
}
