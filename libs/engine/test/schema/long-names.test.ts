import { compileSchema } from '../../src/index.js';

// The words of a name are matched against the canonical phrases; a name of many words must cost what it
// holds, not its square (170,000 words took minutes).
const words = (n: number, sep: string) => Array.from({ length: n }, () => 'ab').join(sep);

describe('long field names', () => {
  test('a property key of 170,000 words compiles', () => {
    const c = compileSchema({ type: 'object', properties: { [words(170_000, '_')]: { type: 'string' } } });
    expect(c.leafCount).toBe(1);
  });

  test('an opaque key read through a title of 170,000 words compiles', () => {
    const c = compileSchema({ type: 'object', properties: { field_1: { type: 'string', title: words(170_000, ' ') } } });
    expect(c.leaves[0].reading?.startsWith('ab_ab')).toBe(true);
  });

  test('a synonym is still recognised at the start of a long name', () => {
    const c = compileSchema({ type: 'object', properties: { [`pay_by_date_${words(20, '_')}`]: { type: 'string' } } });
    expect(c.leaves[0].reading?.startsWith('due_date_ab')).toBe(true);
  });
});
