import { Injectable } from '@nestjs/common';
import { EngineRunner } from '../engine/engine-runner.js';
import { LIMITS } from '../engine/limits.js';
import { WalletSettlement } from '../settlement/wallet-settlement.js';
import { resultBody } from '../result/result-body.js';

export interface SyncExtraction { resultJson: string; billedPages: number }

/** `POST /v1/extract` behind the gateway: limits, hold, engine, settle, in one call. */
@Injectable()
export class SyncExtractionService {
  constructor(private readonly engine: EngineRunner, private readonly wallet: WalletSettlement) {}

  async extract(accountId: string, requestId: string, schemaJson: string, bytes: Uint8Array): Promise<SyncExtraction> {
    const schema = this.engine.checkSchema(schemaJson);
    const pages = await this.engine.countPages(bytes, LIMITS.syncPages);
    const reservationId = await this.wallet.hold(accountId, requestId, pages);
    let result;
    try {
      result = await this.engine.run(bytes, schema, LIMITS.syncPages);
    } catch (err) {
      await this.wallet.release(reservationId);
      throw err;
    }
    await this.wallet.capture(reservationId, pages);
    return {
      resultJson: JSON.stringify(resultBody(result, { requestId, billedPages: pages, calibratorVersion: this.engine.calibratorVersion })),
      billedPages: pages,
    };
  }
}
