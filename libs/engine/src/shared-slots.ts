/**
 * A counting semaphore shared by every thread of the process, for work that occupies a CPU outside
 * JavaScript (the OCR processes). A service running the engine on several worker threads loads this
 * module once per thread; a per-thread count would let N threads start N times the CPU's worth of
 * processes, so the count lives in a SharedArrayBuffer handed to threads through worker_threads'
 * environment data (created by the first thread that loads it, normally the main thread, before it
 * starts workers; threads started earlier, or nested setups that miss it, fall back to their own count).
 *
 * Each slot holds a lease stamp (seconds) that its holder refreshes while it runs. A thread that dies
 * holding a slot (terminated, out of memory) cannot release it, so a lease not refreshed for
 * STALE_SECONDS is taken over: a lost slot costs a minute, never a deadlock.
 */
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

const STALE_SECONDS = 60;
const REFRESH_MS = 5_000;
/** Waiters look again this often even without a release (a stale lease frees no one by itself). */
const RECHECK_MS = 1_000;
const EPOCH_SECONDS = Date.UTC(2026, 0, 1) / 1000;
const stamp = () => Math.max(1, Math.floor(Date.now() / 1000 - EPOCH_SECONDS));

export interface SharedSlots {
  readonly size: number;
  /** Waits for a slot; resolves to its release function (idempotent). */
  acquire(signal?: AbortSignal): Promise<() => void>;
}

// A SharedArrayBuffer from another realm (environment data under Jest's VM) fails instanceof.
const isShared = (v: unknown): v is SharedArrayBuffer => Object.prototype.toString.call(v) === '[object SharedArrayBuffer]';

// Atomics.waitAsync (ES2024, in Node since 16) is missing from the workspace's TypeScript lib setting.
const waitAsync = (Atomics as unknown as {
  waitAsync(cells: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
}).waitAsync;

const aborted = (signal: AbortSignal) => signal.reason ?? new DOMException('aborted', 'AbortError');

/** The process-wide slots called `name`; every thread must ask for the same size. */
export function sharedSlots(name: string, size: number): SharedSlots {
  const key = `exs.shared-slots.${name}`;
  const bytes = (size + 1) * Int32Array.BYTES_PER_ELEMENT;
  let buffer = getEnvironmentData(key);
  if (!isShared(buffer) || buffer.byteLength !== bytes) {
    buffer = new SharedArrayBuffer(bytes);
    setEnvironmentData(key, buffer);
  }
  // cells[0]: release counter (waiters sleep on it); cells[1..size]: 0 (free) or the holder's lease stamp.
  const cells = new Int32Array(buffer as SharedArrayBuffer);

  const tryTake = (): { slot: number; held: number } | undefined => {
    for (let slot = 1; slot <= size; slot++) {
      const v = Atomics.load(cells, slot);
      const now = stamp();
      if ((v === 0 || now - v > STALE_SECONDS) && Atomics.compareExchange(cells, slot, v, now) === v) return { slot, held: now };
    }
    return undefined;
  };

  const lease = (slot: number, held: number): (() => void) => {
    const timer = setInterval(() => {
      const now = stamp();
      // Refreshes only its own lease: one taken over after a long stall is no longer ours.
      if (Atomics.compareExchange(cells, slot, held, now) === held) held = now;
    }, REFRESH_MS);
    timer.unref();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      Atomics.compareExchange(cells, slot, held, 0);
      Atomics.add(cells, 0, 1);
      Atomics.notify(cells, 0);
    };
  };

  return {
    size,
    async acquire(signal) {
      for (;;) {
        if (signal?.aborted) throw aborted(signal);
        const seen = Atomics.load(cells, 0);
        const got = tryTake();
        if (got) return lease(got.slot, got.held);
        const wait = waitAsync(cells, 0, seen, RECHECK_MS);
        if (!wait.async) continue;
        // A pending waitAsync does not keep a thread's event loop alive; this timer does, for as long.
        const keepAlive = setTimeout(() => undefined, RECHECK_MS);
        let onAbort: (() => void) | undefined;
        const abort = signal && new Promise<never>((_, reject) => {
          onAbort = () => reject(aborted(signal));
          signal.addEventListener('abort', onAbort, { once: true });
        });
        try {
          await (abort ? Promise.race([wait.value, abort]) : wait.value);
        } finally {
          clearTimeout(keepAlive);
          if (onAbort) signal!.removeEventListener('abort', onAbort);
        }
      }
    },
  };
}
