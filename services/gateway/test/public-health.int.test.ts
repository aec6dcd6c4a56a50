// GET /v1/health reports the calibrator version extraction runs, from the first request after start.
import { startGateway, type GatewayHarness } from './support/gateway-app.js';

let gw: GatewayHarness | undefined;

afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const health = async (on: GatewayHarness) => (await fetch(`${on.url}/v1/health`)).json() as Promise<Record<string, unknown>>;

test('the first /v1/health after start reports the calibrator version extraction runs', async () => {
  gw = await startGateway();
  expect(await health(gw)).toEqual({ ok: true, version: 'dev', calibrator_version: 'cal-test-1' });
});

test('a gateway started before extraction reports "unknown", then the version once extraction answers', async () => {
  gw = await startGateway({ extractionStopped: true });
  expect((await health(gw)).calibrator_version).toBe('unknown');
  await gw.extraction.start();
  for (;;) { // the Jest timeout is the failure if it never learns the version
    if ((await health(gw)).calibrator_version === 'cal-test-1') break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
