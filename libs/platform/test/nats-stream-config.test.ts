// NATS_STREAM_REPLICAS and NATS_STREAM_STORAGE (natsConfigSchema): JetStream keeps 1 to 5 copies of a stream,
// on file or in memory; anything else fails the service's start-up with the variable's name.
import { ConfigError, loadConfig, natsConfigSchema, streamConfigs, streamSettings, STREAMS } from '../src/index.js';

const load = (env: Record<string, string>) => loadConfig(natsConfigSchema, env);
const problem = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.join('\n');
  }
  throw new Error('accepted');
};

test('defaults: one replica, file storage', () => {
  expect(streamSettings(load({}))).toEqual({ replicas: 1, storage: 'file' });
});

test('replicas 1 and 5 are accepted; 0 and 6 are refused', () => {
  expect(load({ NATS_STREAM_REPLICAS: '1' }).NATS_STREAM_REPLICAS).toBe(1);
  expect(load({ NATS_STREAM_REPLICAS: '5' }).NATS_STREAM_REPLICAS).toBe(5);
  expect(problem({ NATS_STREAM_REPLICAS: '0' })).toMatch(/^NATS_STREAM_REPLICAS: /);
  expect(problem({ NATS_STREAM_REPLICAS: '6' })).toMatch(/^NATS_STREAM_REPLICAS: /);
});

test('replicas must be a whole number', () => {
  expect(problem({ NATS_STREAM_REPLICAS: '2.5' })).toMatch(/^NATS_STREAM_REPLICAS: /);
  expect(problem({ NATS_STREAM_REPLICAS: 'three' })).toMatch(/^NATS_STREAM_REPLICAS: /);
});

test('storage is file or memory, nothing else', () => {
  expect(load({ NATS_STREAM_STORAGE: 'memory' }).NATS_STREAM_STORAGE).toBe('memory');
  expect(load({ NATS_STREAM_STORAGE: 'file' }).NATS_STREAM_STORAGE).toBe('file');
  expect(problem({ NATS_STREAM_STORAGE: 'disk' })).toMatch(/^NATS_STREAM_STORAGE: /);
  expect(problem({ NATS_STREAM_STORAGE: 'Memory' })).toMatch(/^NATS_STREAM_STORAGE: /);
});

test('every stream is created with the configured replicas and storage', () => {
  const configs = streamConfigs(streamSettings(load({ NATS_STREAM_REPLICAS: '3', NATS_STREAM_STORAGE: 'memory' })));
  expect(configs.map((c) => c.name)).toEqual(STREAMS.map((s) => s.name));
  for (const c of configs) expect({ num_replicas: c.num_replicas, storage: c.storage }).toEqual({ num_replicas: 3, storage: 'memory' });
});
