// Public API benchmark against a locally started stack (six services as processes, real PostgreSQL,
// Redis and NATS on free loopback ports). Prints sync extract latency (p50/p99) for a 1-page digital
// PDF at 1, 10 and 50 concurrent clients, GET /v1/jobs/:id requests/s, and the gateway's own overhead.
//   bash scripts/run node scripts/build.mjs && bash scripts/run node test/bench/api.bench.mjs [--quick]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startThrowawayStack } from '../support/throwaway-stack.mjs';

const root = resolve(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');

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
  stack = await startThrowawayStack({ name: 'bench', grantUsd: '1000' });
  const { url, apiKey: key } = stack;
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const pdf = readFileSync(join(root, 'docs/examples/invoice.pdf')).toString('base64');
  const body = JSON.stringify({
    schema: { type: 'object', properties: { invoice_number: { type: 'string' }, invoice_date: { type: 'string', format: 'date' }, total: { type: 'number' } } },
    document: { bytes_base64: pdf },
  });
  const extract = async () => {
    const res = await fetch(`${url}/v1/extract`, { method: 'POST', headers: auth, body });
    if (res.status !== 200) throw new Error(`extract: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await load(4, 20, extract); // warm-up: JIT, connection pools, caches

  console.log('sync extract, 1-page digital PDF:');
  for (const [concurrency, total] of [[1, quick ? 30 : 100], [10, quick ? 100 : 300], [50, quick ? 200 : 500]]) {
    const { latencies, seconds } = await load(concurrency, total, extract);
    console.log(`  ${String(concurrency).padStart(2)} clients: p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  (${(total / seconds).toFixed(0)} req/s over ${total} requests)`);
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

  // Gateway overhead: an authenticated, rate-limited POST with a fresh Idempotency-Key that fails
  // validation in the handler (no downstream call), against the unauthenticated health route.
  let n = 0;
  const invalid = async () => {
    const res = await fetch(`${url}/v1/extract`, { method: 'POST', headers: { ...auth, 'idempotency-key': `bench-${n++}` }, body: '{"schema":{}}' });
    if (res.status !== 400) throw new Error(`expected 400, got ${res.status}`);
    await res.arrayBuffer();
  };
  const invalidNoKey = async () => {
    const res = await fetch(`${url}/v1/extract`, { method: 'POST', headers: auth, body: '{"schema":{}}' });
    if (res.status !== 400) throw new Error(`expected 400, got ${res.status}`);
    await res.arrayBuffer();
  };
  const health = async () => { await (await fetch(`${url}/v1/health`)).arrayBuffer(); };
  for (const fn of [invalid, invalidNoKey, health]) await load(1, 50, fn);
  const rounds = quick ? 200 : 1000;
  const h = percentile((await load(1, rounds, health)).latencies, 50);
  const a = percentile((await load(1, rounds, invalidNoKey)).latencies, 50);
  const g = percentile((await load(1, rounds, invalid)).latencies, 50);
  console.log(`gateway overhead, p50 over the unauthenticated health route (${fmt(h)}):`);
  console.log(`  auth + rate limit + request id: ${fmt(a - h)}`);
  console.log(`  ... + idempotency record (insert + complete): ${fmt(g - h)}`);
} finally {
  await stack?.stop();
}
