import { compileSchema } from '../../src/index.js';
import { VALIDATOR_BOUNDS, validatorCacheStats } from '../../src/schema/validate.js';

let unique = 0;

/** Compile `n` leaf validators no earlier schema asked for (each a bound of its own). */
function compileNewValidators(n: number) {
  const leaves = [];
  for (let done = 0; done < n; done += 800) {
    const count = Math.min(800, n - done);
    const properties = Object.fromEntries(Array.from({ length: count }, () => [`f${unique}`, { type: 'string', maxLength: unique++ }]));
    leaves.push(...compileSchema({ type: 'object', properties }).leaves);
  }
  return leaves;
}

describe('leaf validator cache', () => {
  test('holds 2,000 validators; the 2,001st replaces the ajv instance and empties the cache', () => {
    compileNewValidators(VALIDATOR_BOUNDS.validators - validatorCacheStats().compiledByInstance);
    const full = validatorCacheStats();
    expect(full.compiledByInstance).toBe(2_000);
    expect(full.entries).toBe(2_000);

    compileNewValidators(1);
    const after = validatorCacheStats();
    expect(after.instances).toBe(full.instances + 1);
    expect(after.entries).toBe(1);
    expect(after.compiledByInstance).toBe(1);
  });

  test('stays within its bounds however many schemas are compiled', () => {
    for (let round = 0; round < 3; round++) {
      compileNewValidators(1_500);
      const stats = validatorCacheStats();
      expect(stats.entries).toBeLessThanOrEqual(VALIDATOR_BOUNDS.validators);
      expect(stats.keywordChars).toBeLessThanOrEqual(VALIDATOR_BOUNDS.keywordChars);
    }
  });

  test('keeps at most 8 Mi characters of keywords, replacing the instance before it compiles more', () => {
    // unknown formats are ignored by the validator but are part of what it keeps
    const format = (i: number) => `${i}-${'f'.repeat(400_000)}`;
    for (let i = 0; i < 30; i++) {
      compileSchema({ type: 'object', properties: { [`g${unique++}`]: { type: 'string', format: format(unique) } } });
      expect(validatorCacheStats().keywordChars).toBeLessThanOrEqual(VALIDATOR_BOUNDS.keywordChars);
    }
    expect(validatorCacheStats().entries).toBeLessThan(VALIDATOR_BOUNDS.keywordChars / 400_000);
  });

  test('a validator handed out before its instance was replaced still validates', () => {
    const [early] = compileSchema({ type: 'object', properties: { early: { type: 'string', pattern: '^early-\\d+$' } } }).leaves;
    const instances = validatorCacheStats().instances;
    compileNewValidators(VALIDATOR_BOUNDS.validators);
    expect(validatorCacheStats().instances).toBeGreaterThan(instances);
    expect(early.validate('early-12')).toBe(true);
    expect(early.validate('late-12')).toBe(false);
  });

  test('a schema asked for again reuses its validators', () => {
    const schema = { type: 'object', properties: { again: { type: 'string', pattern: '^again-\\d+$' } } };
    compileSchema(schema);
    const before = validatorCacheStats();
    compileSchema(schema);
    expect(validatorCacheStats()).toEqual(before);
  });
});
