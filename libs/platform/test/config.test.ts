import { ConfigError, baseConfigSchema, databaseConfigSchema, loadConfig } from '@exs/platform';

const schema = baseConfigSchema.extend(databaseConfigSchema.shape);

test('a valid environment is parsed with defaults applied', () => {
  const config = loadConfig(schema, { HTTP_PORT: '9000', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });
  expect(config).toMatchObject({ HTTP_PORT: 9000, LOG_LEVEL: 'info', BUILD_ID: 'dev', HTTP_HOST: '127.0.0.1' });
});

test('a bad value fails with the variable named', () => {
  expect(() => loadConfig(schema, { HTTP_PORT: '70000', DATABASE_URL: 'postgres://127.0.0.1/db' })).toThrow(/HTTP_PORT/);
});

test('a missing required variable fails with its name', () => {
  try {
    loadConfig(schema, { HTTP_PORT: '9000' });
    throw new Error('accepted');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.join('\n')).toContain('DATABASE_URL');
  }
});

test('a database URL of another scheme is refused', () => {
  expect(() => loadConfig(schema, { HTTP_PORT: '9000', DATABASE_URL: 'mysql://127.0.0.1/db' })).toThrow(/DATABASE_URL/);
});
