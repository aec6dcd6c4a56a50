// `helm test`: the release answers through the gateway's Service. Passes when GET /v1/health is 200 with
// `ok: true` and GET /status (JSON) is 200 with every check up (which also proves that the gateway reaches
// each internal service's gRPC port through the NetworkPolicies). Retries until TEST_TIMEOUT_SECONDS while
// the release settles; each request has its own deadline. Exit 0 on success, 1 with the reason otherwise.
const base = process.env.GATEWAY_URL;
const deadline = Date.now() + Number(process.env.TEST_TIMEOUT_SECONDS ?? 120) * 1000;
const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_MS = Number(process.env.TEST_RETRY_MS ?? 3_000);

async function getJson(path) {
  const res = await fetch(new URL(path, base), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${path}: ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return body;
}

async function check() {
  const health = await getJson('/v1/health');
  if (health.ok !== true) throw new Error(`/v1/health: ok is ${JSON.stringify(health.ok)}`);
  const status = await getJson('/status');
  const down = (status.components ?? []).flatMap((c) => (c.checks ?? []).filter((k) => k.status !== 'up').map((k) => `${k.name} (${k.reason ?? 'down'})`));
  if (status.status !== 'operational' || down.length > 0) throw new Error(`/status: ${status.status}; down: ${down.join(', ') || 'none'}`);
  return `version ${health.version}, status ${status.status}`;
}

if (!base) {
  console.error('GATEWAY_URL is not set');
  process.exit(1);
}
for (;;) {
  try {
    console.log(`ok: ${await check()}`);
    process.exit(0);
  } catch (err) {
    if (Date.now() + RETRY_MS > deadline) {
      console.error(`failed: ${err.message}`);
      process.exit(1);
    }
    console.log(`retrying: ${err.message}`);
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}
