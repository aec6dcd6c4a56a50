import { inspectJsonValue, jsonTextExceedsDepth } from '../src/edge/json-inspection.js';

const nestedObjects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('the depth of JSON text, read before parsing', () => {
  test.each([
    ['objects', nestedObjects],
    ['arrays', nestedArrays],
  ])('%s nested 128 levels are within 128; 129 levels exceed it', (_kind, nested) => {
    expect(jsonTextExceedsDepth(nested(128), 128)).toBe(false);
    expect(jsonTextExceedsDepth(nested(129), 128)).toBe(true);
  });

  test('brackets inside strings do not count', () => {
    expect(jsonTextExceedsDepth(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
  });

  test('an escaped quote does not end a string, an escaped backslash before a quote does', () => {
    expect(jsonTextExceedsDepth(JSON.stringify({ a: '"[[[' }), 1)).toBe(false);
    expect(jsonTextExceedsDepth(JSON.stringify([{ a: 'x\\' }, [[]]]), 2)).toBe(true);
    expect(jsonTextExceedsDepth(JSON.stringify([{ a: 'x\\"[' }, []]), 2)).toBe(false);
  });

  test('agrees with the depth of the parsed value on mixed documents', () => {
    const samples = [
      { type: 'object', properties: { a: { type: 'array', items: [{ enum: ['[', '{', '\\', '"'] }] } } },
      [[], [[1, '"]'], { '[': [[[]]] }], 'x'],
      { 'k\\"': { '\\\\': [{ '': null }] } },
    ];
    for (const value of samples) {
      const text = JSON.stringify(value);
      let depth = 0;
      while (inspectJsonValue(value, depth) === 'too_deep') depth++;
      expect([jsonTextExceedsDepth(text, depth), jsonTextExceedsDepth(text, depth - 1)]).toEqual([false, true]);
    }
  });
});

describe('inspecting a parsed JSON value', () => {
  test('a clean value has no finding', () => {
    expect(inspectJsonValue({ a: ['b', 1, null, { c: true }] }, 128)).toBeUndefined();
  });

  test('128 levels are within 128; 129 levels are too deep', () => {
    expect(inspectJsonValue(JSON.parse(nestedObjects(128)), 128)).toBeUndefined();
    expect(inspectJsonValue(JSON.parse(nestedObjects(129)), 128)).toBe('too_deep');
  });

  test.each([
    ['a string', { name: 'a\u0000b' }],
    ['a key', { 'na\u0000me': 'x' }],
    ['a string deep in arrays', [[[{ a: ['ok', 'x\u0000'] }]]]],
    ['a bare string', '\u0000'],
  ])('finds NUL in %s', (_where, value) => {
    expect(inspectJsonValue(value, 128)).toBe('nul');
  });

  test('a value 100,000 levels deep is judged without recursion', () => {
    expect(inspectJsonValue(JSON.parse(nestedArrays(100_000)), 128)).toBe('too_deep');
  });
});
