import { compileSchema, EngineError } from '../../src/index.js';

const withPattern = (pattern: string) => compileSchema({ type: 'object', properties: { id: { type: 'string', pattern } } }).leaves[0];

function refusal(pattern: string): string {
  try {
    withPattern(pattern);
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('invalid_schema');
    return (e as EngineError).detail ?? '';
  }
  throw new Error('expected invalid_schema');
}

describe('caller patterns', () => {
  // A backtracking engine takes hours here (29 s at 30 characters); RE2 is linear in the input.
  test('^(a+)+$ against 50,000 a\'s and a "!" is false', () => {
    expect(withPattern('^(a+)+$').validate(`${'a'.repeat(50_000)}!`)).toBe(false);
  });

  test('^(a+)+$ still matches what it describes', () => {
    expect(withPattern('^(a+)+$').validate('aaaa')).toBe(true);
  });

  test('a pattern matches anywhere in the value unless anchored', () => {
    expect(withPattern('INV-\\d+').validate('ref INV-12 paid')).toBe(true);
    expect(withPattern('^INV-\\d+$').validate('ref INV-12 paid')).toBe(false);
  });

  test('ECMA-262 escapes, classes and named groups keep their meaning', () => {
    const leaf = withPattern('^(?<code>[A-Z]{3})\\u00e9\\p{L}+$');
    expect(leaf.validate('EURéwährung')).toBe(true);
    expect(leaf.validate('EURe1')).toBe(false);
  });

  test('a lookahead is refused naming the pointer', () => {
    expect(refusal('^(?=.*\\d)\\w+$')).toMatch(/^pattern at \/properties\/id\/pattern: patterns run on a linear-time engine \(RE2\)/);
  });

  test('a negative lookahead is refused', () => {
    expect(refusal('^a(?!b)')).toMatch(/^pattern at \/properties\/id\/pattern:/);
  });

  test('a lookbehind is refused', () => {
    expect(refusal('(?<=\\$)\\d+')).toMatch(/^pattern at \/properties\/id\/pattern:/);
  });

  test('a numbered backreference is refused', () => {
    expect(refusal('^(a)\\1$')).toMatch(/^pattern at \/properties\/id\/pattern:/);
  });

  test('a named backreference is refused', () => {
    expect(refusal('^(?<x>a)\\k<x>$')).toMatch(/^pattern at \/properties\/id\/pattern:/);
  });

  test('a pattern that is not a regular expression is refused', () => {
    expect(refusal('(')).toMatch(/pattern/);
  });
});
