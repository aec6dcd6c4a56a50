// Public API benchmark against a locally started stack (six services as processes, real PostgreSQL,
// Redis and NATS on free loopback ports). Prints sync extract latency (p50/p99) for a 1-page digital
// PDF at 1, 10 and 50 concurrent clients, GET /v1/jobs/:id requests/s, and the gateway's own overhead.
//   bash scripts/run node scripts/build.mjs && bash scripts/run node test/bench/api.bench.mjs [--quick] [--overhead-only] [--overload]
// --overhead-only skips the extract and jobs sections (the gateway overhead section alone).
// --overload adds a 200-client extract level (past what two cores serve: the contract allows 429 and 503
// there, never 500).
// Every extract level also prints a histogram of the responses (status and error code) and its latencies
// cover every response; a non-200 does not stop the run, but any 500 makes the bench exit non-zero.
// KEEP_LOGS=1 keeps the stack's temp dir (service logs, to follow a request id) and prints its path.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startThrowawayStack } from '../support/throwaway-stack.mjs';

const root = resolve(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const overheadOnly = process.argv.includes('--overhead-only');
const overload = process.argv.includes('--overload');

const percentile = (xs, p) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms) => `${ms.toFixed(1)} ms`;

/** Runs `total` calls of `fn` with `concurrency` in flight; returns each call's latency in ms. */
async function load(concurrency, total, fn) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      await fn();
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}

let stack;
try {
  stack = await startThrowawayStack({ name: 'bench', grantUsd: '1000', keepLogs: process.env.KEEP_LOGS === '1' });
  if (process.env.KEEP_LOGS === '1') console.log(`service logs: ${stack.logs}`);
  const { url, apiKey: key } = stack;
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const pdf = readFileSync(join(root, 'docs/examples/invoice.pdf')).toString('base64');
  const body = JSON.stringify({
    schema: { type: 'object', properties: { invoice_number: { type: 'string' }, invoice_date: { type: 'string', format: 'date' }, total: { type: 'number' } } },
    document: { bytes_base64: pdf },
  });
  // Responses per "status code" key (e.g. "200", "503 provider_unavailable"), with a few request ids of
  // each failure kind so a 500 can be followed through the service logs.
  let outcomes = new Map();
  const extract = async () => {
    const res = await fetch(`${url}/v1/extract`, { method: 'POST', headers: auth, body });
    const text = await res.text();
    let key = String(res.status);
    let requestId;
    if (res.status !== 200) {
      try { const err = JSON.parse(text).error; key += ` ${err?.code}`; requestId = err?.request_id; } catch { key += ' (not JSON)'; }
    }
    const entry = outcomes.get(key) ?? { count: 0, requestIds: [] };
    entry.count++;
    if (requestId && entry.requestIds.length < 3) entry.requestIds.push(requestId);
    outcomes.set(key, entry);
  };
  const histogram = () => [...outcomes].sort().map(([k, { count, requestIds }]) => `${k}: ${count}${requestIds.length ? ` (e.g. ${requestIds.join(', ')})` : ''}`).join('; ');
  if (!overheadOnly) {
    await load(4, 20, extract); // warm-up: JIT, connection pools, caches
    if (outcomes.size !== 1 || !outcomes.has('200')) console.log(`  warm-up responses: ${histogram()}`);

    console.log('sync extract, 1-page digital PDF:');
    const levels = [[1, quick ? 30 : 100], [10, quick ? 100 : 300], [50, quick ? 200 : 500], ...(overload ? [[200, quick ? 400 : 1000]] : [])];
    for (const [concurrency, total] of levels) {
      outcomes = new Map();
      const { latencies, seconds } = await load(concurrency, total, extract);
      console.log(`  ${String(concurrency).padStart(2)} clients: p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  (${(total / seconds).toFixed(0)} req/s over ${total} requests)`);
      console.log(`     responses: ${histogram()}`);
      // 500 is reserved for bugs: overload must come back as 503 provider_unavailable or 429.
      if ([...outcomes.keys()].some((k) => k.startsWith('500'))) process.exitCode = 1;
    }

    const job = await (await fetch(`${url}/v1/jobs`, { method: 'POST', headers: auth, body })).json();
    const getJob = async () => {
      const res = await fetch(`${url}/v1/jobs/${job.id}`, { headers: auth });
      if (res.status !== 200) throw new Error(`get job: ${res.status}`);
      await res.arrayBuffer();
    };
    await load(10, 100, getJob);
    const jobs = await load(50, quick ? 2000 : 10000, getJob);
    console.log(`GET /v1/jobs/:id: ${(jobs.latencies.length / jobs.seconds).toFixed(0)} req/s at 50 clients (p50 ${fmt(percentile(jobs.latencies, 50))})`);
  }

  // Gateway overhead: an authenticated, rate-limited POST that fails validation in the handler (no
  // downstream call), without and with a fresh Idempotency-Key (claim + complete), against the
  // unauthenticated health route. The three are interleaved request by request in a random order each
  // round, so drift in machine load (the machine is shared) and work a request leaves behind (the
  // idempotency record is completed after the response) fall on all three alike; each figure is a
  // difference of medians.
  let n = 0;
  const run = `${Date.now().toString(36)}`;
  const invalid = async () => {
    const res = await fetch(`${url}/v1/extract`, { method: 'POST', headers: { ...auth, 'idempotency-key': `bench-${run}-${n++}` }, body: '{"schema":{}}' });
    if (res.status !== 400) throw new Error(`expected 400, got ${res.status}`);
    await res.arrayBuffer();
  };
  const invalidNoKey = async () => {
    const res = await fetch(`${url}/v1/extract`, { method: 'POST', headers: auth, body: '{"schema":{}}' });
    if (res.status !== 400) throw new Error(`expected 400, got ${res.status}`);
    await res.arrayBuffer();
  };
  const health = async () => { await (await fetch(`${url}/v1/health`)).arrayBuffer(); };
  const probes = [health, invalidNoKey, invalid];
  const timed = probes.map(() => []);
  for (const fn of probes) await load(1, 100, fn); // warm-up: JIT, connection pools, caches
  const rounds = quick ? 300 : 1000;
  for (let i = 0; i < rounds; i++) {
    for (const j of probes.map((_, k) => k).sort(() => Math.random() - 0.5)) {
      const t0 = performance.now();
      await probes[j]();
      timed[j].push(performance.now() - t0);
    }
  }
  const [h, a, g] = timed.map((xs) => percentile(xs, 50));
  console.log(`gateway overhead, p50 over the unauthenticated health route (${fmt(h)}), ${rounds} interleaved rounds:`);
  console.log(`  auth + rate limit + request id: ${(a - h).toFixed(2)} ms`);
  console.log(`  ... + idempotency record (claim + complete): ${(g - h).toFixed(2)} ms`);
} finally {
  await stack?.stop();
}
