// Start-up configuration: the dev-only URL flags need an explicit development or test NODE_ENV (as the
// webhooks service's), and the stdio entry needs the caller's key.
import { ConfigError } from '@exs/platform';
import { loadMcpConfig, loadMcpStdioConfig } from '../src/config.js';

const problems = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

test('defaults: the local gateway, https only, public addresses only, 50 MiB and 30 s per download', () => {
  expect(loadMcpConfig({})).toMatchObject({ HTTP_HOST: '127.0.0.1', HTTP_PORT: 8091, EXS_API_URL: 'http://127.0.0.1:8080', MCP_ALLOW_INSECURE_URLS: false, MCP_ALLOW_PRIVATE_URLS: false, MCP_FETCH_MAX_BYTES: 52_428_800, MCP_FETCH_TIMEOUT_MS: 30_000 });
});

test('the dev-only URL flags are refused unless NODE_ENV is development or test', () => {
  for (const NODE_ENV of [undefined, 'production', 'dev']) {
    expect(problems(() => loadMcpConfig({ NODE_ENV, MCP_ALLOW_PRIVATE_URLS: 'true', MCP_ALLOW_INSECURE_URLS: 'true' }))).toEqual([
      expect.stringMatching(/^MCP_ALLOW_INSECURE_URLS: may be true only when NODE_ENV is development or test/),
      expect.stringMatching(/^MCP_ALLOW_PRIVATE_URLS: may be true only when NODE_ENV is development or test/),
    ]);
  }
  expect(loadMcpConfig({ NODE_ENV: 'development', MCP_ALLOW_PRIVATE_URLS: 'true' }).MCP_ALLOW_PRIVATE_URLS).toBe(true);
});

test('the stdio entry requires EXS_API_KEY', () => {
  expect(problems(() => loadMcpStdioConfig({}))).toEqual([expect.stringMatching(/^EXS_API_KEY: /)]);
  expect(loadMcpStdioConfig({ EXS_API_KEY: 'exs_live_x' }).EXS_API_KEY).toBe('exs_live_x');
});
