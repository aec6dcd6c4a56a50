import { Injectable, Optional } from '@nestjs/common';
import { ServiceMetrics } from '@exs/platform';
import { EnginePool } from '../engine/engine-pool.js';
import { LIMITS } from '../engine/limits.js';
import { Settlement } from '../settlement/settlement.js';
import { resultBody } from '../result/result-body.js';
import { pagesExtractedCounter } from '../engine/engine-metrics.js';

export interface SyncExtraction { resultJson: string; billedPages: number }

/** `POST /v1/extract` behind the gateway: limits, hold, engine, settle, in one call. */
@Injectable()
export class SyncExtractionService {
  private readonly pagesExtracted;

  constructor(private readonly engine: EnginePool, private readonly settlement: Settlement, @Optional() metrics?: ServiceMetrics) {
    this.pagesExtracted = pagesExtractedCounter(metrics);
  }

  async extract(accountId: string, requestId: string, schemaJson: string, bytes: Uint8Array, keyPageLimit = 0, apiKeyId = ''): Promise<SyncExtraction> {
    await this.engine.checkSchema(schemaJson);
    const pages = await this.engine.countPages(bytes, LIMITS.syncPages);
    const holds = await this.settlement.hold(accountId, requestId, pages, keyPageLimit, apiKeyId);
    let result;
    try {
      result = await this.engine.run(bytes, schemaJson, LIMITS.syncPages);
    } catch (err) {
      await this.settlement.release(accountId, holds);
      throw err;
    }
    await this.settlement.capture(accountId, holds, pages);
    this.pagesExtracted('sync', result.document);
    return {
      resultJson: JSON.stringify(resultBody(result, { requestId, billedPages: pages, calibratorVersion: this.engine.calibratorVersion })),
      billedPages: pages,
    };
  }
}
