import { MAX_DAILY_PAGE_LIMIT, parseCreateKey, parseUpdateKey } from '../src/keys/key-params.js';
import { ApiError } from '../src/edge/api-error.js';

/** The error a parse throws, as `{code, detail}`; undefined when it parses. */
function failure(fn: () => unknown): { code: string; detail?: string } | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { code: err.code, detail: err.detail };
  }
}

/** The detail names the field; what it says comes from the OpenAPI document's schema (validated by it). */
const limitDetail = expect.stringMatching(/^\/daily_page_limit: must be /);

describe('POST /v1/keys body', () => {
  test('an absent body is a key with no name and no limit', () => {
    expect(parseCreateKey(undefined)).toEqual({ name: '', dailyPageLimit: null });
  });

  test('daily_page_limit 1 (the smallest) is accepted', () => {
    expect(parseCreateKey({ daily_page_limit: 1 })).toEqual({ name: '', dailyPageLimit: 1 });
  });

  test('daily_page_limit at the upper bound is accepted', () => {
    expect(parseCreateKey({ name: 'ci', daily_page_limit: MAX_DAILY_PAGE_LIMIT })).toEqual({ name: 'ci', dailyPageLimit: MAX_DAILY_PAGE_LIMIT });
  });

  test('daily_page_limit null at creation means no limit', () => {
    expect(parseCreateKey({ daily_page_limit: null })).toEqual({ name: '', dailyPageLimit: null });
  });

  test.each([
    ['zero', 0],
    ['negative', -5],
    ['one past the upper bound', MAX_DAILY_PAGE_LIMIT + 1],
    ['a fraction', 2.5],
    ['a numeric string', '100'],
    ['a boolean', true],
    ['an object', { pages: 5 }],
    ['a huge number (1e300)', 1e300],
  ])('daily_page_limit %s is invalid_schema naming the field and its range', (_, value) => {
    expect(failure(() => parseCreateKey({ daily_page_limit: value }))).toEqual({ code: 'invalid_schema', detail: limitDetail });
  });

  test('an unknown field is invalid_schema naming it', () => {
    expect(failure(() => parseCreateKey({ daily_limit: 5 }))).toEqual({ code: 'invalid_schema', detail: 'body: unknown field "daily_limit"' });
  });

  test('a name that is not a string is invalid_schema', () => {
    expect(failure(() => parseCreateKey({ name: 7 }))?.code).toBe('invalid_schema');
  });

  test('a body that is not an object is invalid_schema', () => {
    expect(failure(() => parseCreateKey([1]))).toEqual({ code: 'invalid_schema', detail: 'body must be a JSON object' });
  });
});

describe('POST /v1/keys/:id body (update)', () => {
  test('only the fields sent are changes', () => {
    expect(parseUpdateKey({ daily_page_limit: 40 })).toEqual({ dailyPageLimit: 40 });
    expect(parseUpdateKey({ name: 'renamed' })).toEqual({ name: 'renamed' });
  });

  test('daily_page_limit null removes the limit (distinct from leaving it unchanged)', () => {
    expect(parseUpdateKey({ daily_page_limit: null })).toEqual({ dailyPageLimit: null });
    expect(parseUpdateKey({})).toEqual({});
  });

  test('a bad daily_page_limit is invalid_schema with the same detail as at creation', () => {
    expect(failure(() => parseUpdateKey({ daily_page_limit: 0 }))).toEqual({ code: 'invalid_schema', detail: limitDetail });
  });

  test('an unknown field is invalid_schema', () => {
    expect(failure(() => parseUpdateKey({ revoked_at: null }))).toEqual({ code: 'invalid_schema', detail: 'body: unknown field "revoked_at"' });
  });
});
