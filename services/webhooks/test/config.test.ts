import { ConfigError } from '@exs/platform';
import { loadWebhooksConfig } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/exs_webhooks' };

describe('webhooks config', () => {
  it('defaults to https-only public targets on ports 9105 and 50055', () => {
    expect(loadWebhooksConfig(base)).toMatchObject({
      HTTP_PORT: 9105,
      GRPC_PORT: 50055,
      WEBHOOKS_ALLOW_INSECURE_URLS: false,
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: false,
      WEBHOOKS_DELIVERY_TIMEOUT_MS: 10_000,
    });
  });

  it('reads "false" as false and "true" as true', () => {
    expect(loadWebhooksConfig({ ...base, NODE_ENV: 'test', WEBHOOKS_ALLOW_INSECURE_URLS: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }))
      .toMatchObject({ WEBHOOKS_ALLOW_INSECURE_URLS: false, WEBHOOKS_ALLOW_PRIVATE_TARGETS: true });
  });

  it.each(['development', 'test'])('honours the dev-only flags when NODE_ENV is %s', (mode) => {
    expect(loadWebhooksConfig({ ...base, NODE_ENV: mode, WEBHOOKS_ALLOW_INSECURE_URLS: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }))
      .toMatchObject({ WEBHOOKS_ALLOW_INSECURE_URLS: true, WEBHOOKS_ALLOW_PRIVATE_TARGETS: true });
  });

  it.each([
    ['production', 'production'],
    ['unset', undefined],
    ['empty', ''],
    ['a typo', 'developement'],
    ['staging', 'staging'],
    ['another case', 'Development'],
  ])('refuses each dev-only flag at start-up, naming it, when NODE_ENV is %s', (_what, mode) => {
    const env = mode === undefined ? base : { ...base, NODE_ENV: mode };
    for (const flag of ['WEBHOOKS_ALLOW_INSECURE_URLS', 'WEBHOOKS_ALLOW_PRIVATE_TARGETS']) {
      expect(() => loadWebhooksConfig({ ...env, [flag]: 'true' })).toThrow(ConfigError);
      expect(() => loadWebhooksConfig({ ...env, [flag]: 'true' })).toThrow(new RegExp(`${flag}: may be true only when NODE_ENV is development or test`));
    }
  });

  it('refuses a lease that does not outlive the attempt timeout', () => {
    expect(() => loadWebhooksConfig({ ...base, WEBHOOKS_DELIVERY_TIMEOUT_MS: '10000', WEBHOOKS_LEASE_MS: '5000' })).toThrow(/WEBHOOKS_LEASE_MS/);
  });

  it('refuses a flag value other than true or false', () => {
    expect(() => loadWebhooksConfig({ ...base, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(ConfigError);
  });
});
