import type { ExtractionResult } from '@exs/engine';

/** The public result: the engine's values, fields and document summary, plus `meta`. */
export function resultBody(result: ExtractionResult, meta: { requestId: string; billedPages: number; calibratorVersion: string }) {
  return {
    ...result,
    meta: {
      request_id: meta.requestId,
      billed_pages: meta.billedPages,
      calibrator_version: meta.calibratorVersion,
    },
  };
}
