import { ConfigError } from '@exs/platform';
import { usableCpus } from '@exs/engine';
import { loadExtractionConfig } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/exs_extraction' };

describe('ENGINE_THREADS', () => {
  test('defaults to the CPUs this process may use', () => {
    expect(loadExtractionConfig(base).ENGINE_THREADS).toBe(usableCpus());
  });

  test('takes an explicit count', () => {
    expect(loadExtractionConfig({ ...base, ENGINE_THREADS: '3' }).ENGINE_THREADS).toBe(3);
  });

  test('refuses zero, fractions and words, naming the variable', () => {
    for (const bad of ['0', '1.5', 'many']) {
      expect(() => loadExtractionConfig({ ...base, ENGINE_THREADS: bad })).toThrow(ConfigError);
      expect(() => loadExtractionConfig({ ...base, ENGINE_THREADS: bad })).toThrow(/ENGINE_THREADS/);
    }
  });
});
