import { ConfigError } from '@exs/platform';
import { engineDeadlines, loadExtractionConfig } from '../src/config.js';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/exs_extraction' };
const DEADLINES = ['ENGINE_SYNC_DEADLINE_SECONDS', 'ENGINE_JOB_DEADLINE_SECONDS', 'ENGINE_CHECK_DEADLINE_SECONDS'] as const;

describe('engine deadlines', () => {
  test('default to 60 s sync, 120 s + 6 s a page for jobs, 10 s for the checks', () => {
    expect(engineDeadlines(loadExtractionConfig(base))).toEqual({ syncMs: 60_000, jobMs: 120_000, jobPerPageMs: 6_000, checkMs: 10_000 });
  });

  test('take explicit whole seconds', () => {
    const config = loadExtractionConfig({ ...base, ENGINE_SYNC_DEADLINE_SECONDS: '30', ENGINE_JOB_DEADLINE_SECONDS: '600', ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE: '0', ENGINE_CHECK_DEADLINE_SECONDS: '1' });
    expect(engineDeadlines(config)).toEqual({ syncMs: 30_000, jobMs: 600_000, jobPerPageMs: 0, checkMs: 1_000 });
  });

  test.each(DEADLINES)('%s: 1 passes; 0, fractions and words are refused, naming the variable', (name) => {
    expect(loadExtractionConfig({ ...base, [name]: '1' })[name]).toBe(1);
    for (const bad of ['0', '1.5', 'soon']) {
      expect(() => loadExtractionConfig({ ...base, [name]: bad })).toThrow(ConfigError);
      expect(() => loadExtractionConfig({ ...base, [name]: bad })).toThrow(new RegExp(name));
    }
  });

  test('a day passes, a second more is refused', () => {
    expect(loadExtractionConfig({ ...base, ENGINE_JOB_DEADLINE_SECONDS: '86400' }).ENGINE_JOB_DEADLINE_SECONDS).toBe(86_400);
    expect(() => loadExtractionConfig({ ...base, ENGINE_JOB_DEADLINE_SECONDS: '86401' })).toThrow(/ENGINE_JOB_DEADLINE_SECONDS/);
  });

  test('the per-page share may be 0 but not negative', () => {
    expect(loadExtractionConfig({ ...base, ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE: '0' }).ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE).toBe(0);
    expect(() => loadExtractionConfig({ ...base, ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE: '-1' })).toThrow(/ENGINE_JOB_DEADLINE_SECONDS_PER_PAGE/);
  });
});
