/**
 * Entry point of an engine worker thread (loaded by Piscina from engine-pool.ts). Each thread has its own
 * pdf.js and calibrator; the engine's OCR processes are spawned from here. Replies are always fulfilled:
 * failures are returned as plain data (see engine-protocol.ts) so their codes survive the hop.
 */
import { threadId } from 'node:worker_threads';
import { extract, inspectDocument } from '@exs/engine';
import { toWire, type EngineReply, type EngineTask, type ExtractValue, type InspectValue } from './engine-protocol.js';

const now = () => performance.timeOrigin + performance.now();

async function perform(task: EngineTask): Promise<InspectValue | ExtractValue> {
  switch (task.kind) {
    case 'inspect':
      return inspectDocument(task.bytes);
    case 'extract':
      return extract(task.bytes, task.schema, { document: { maxPages: task.maxPages, maxWords: task.maxWords } });
    default:
      throw new Error(`unknown engine task ${JSON.stringify((task as { kind?: unknown }).kind)}`);
  }
}

export default async function run(task: EngineTask): Promise<EngineReply<InspectValue | ExtractValue>> {
  const startMs = now();
  try {
    const value = await perform(task);
    return { ok: true, value, timing: { startMs, endMs: now(), threadId } };
  } catch (err) {
    return { ok: false, failure: toWire(err), timing: { startMs, endMs: now(), threadId } };
  }
}
