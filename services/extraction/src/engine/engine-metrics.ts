import type { ExtractionResult } from '@exs/engine';
import { meterOf, type ServiceMetrics } from '@exs/platform';
import type { EnginePool } from './engine-pool.js';

/** The engine pool's saturation, read from EnginePool.stats() at each scrape. */
export function observeEnginePool(metrics: ServiceMetrics, pool: EnginePool): void {
  const meter = metrics.meter;
  const threads = meter.createObservableGauge('exs_engine_threads', { description: 'Engine worker threads of this process (ENGINE_THREADS).' });
  const busy = meter.createObservableGauge('exs_engine_busy_threads', { description: 'Engine threads running a call (schema check, page count or extraction).' });
  const queued = meter.createObservableGauge('exs_engine_queued_calls', { description: 'Engine calls waiting for a free thread.' });
  const kills = meter.createObservableCounter('exs_engine_deadline_kills_total', { description: 'Engine threads terminated and replaced because a call ran past its deadline.' });
  meter.addBatchObservableCallback((observer) => {
    const stats = pool.stats();
    observer.observe(threads, stats.threads);
    observer.observe(busy, stats.busyThreads);
    observer.observe(queued, stats.queued);
    observer.observe(kills, stats.deadlineKills);
  }, [threads, busy, queued, kills]);
}

/**
 * Pages extracted, by path (sync or job) and by how each page was read (digital: its text layer; ocr).
 * The engine's result does not say how long OCR took, so OCR load shows as OCR pages.
 */
export function pagesExtractedCounter(metrics?: ServiceMetrics) {
  const pages = meterOf(metrics).createCounter('exs_pages_extracted_total', {
    description: 'Pages of successful extractions, by path (sync, job) and source (digital: read from the text layer; ocr: recognised from the image).',
  });
  // Every path and source served as 0 from start-up, so rate() and dashboards see the series before the first page.
  for (const path of ['sync', 'job'] as const) for (const source of ['digital', 'ocr'] as const) pages.add(0, { path, source });
  return (path: 'sync' | 'job', document: ExtractionResult['document']) => {
    const ocr = Math.max(0, Math.min(document.pages, document.ocr_pages));
    if (document.pages - ocr > 0) pages.add(document.pages - ocr, { path, source: 'digital' });
    if (ocr > 0) pages.add(ocr, { path, source: 'ocr' });
  };
}
