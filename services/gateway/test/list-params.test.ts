import { ApiError } from '../src/edge/api-error.js';
import { pageOfList, parseListQuery } from '../src/edge/list-page.js';

/** The error a call throws, as `{code, detail}`; undefined when it returns. */
function failure(fn: () => unknown): { code: string; detail?: string } | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { code: err.code, detail: err.detail };
  }
}

const KEY = 'key_0123456789abcdef01234567';
const JOB = 'job_0123456789abcdef01234567';
const ENDPOINT = '6c1f0f0e-2f52-4b55-9d6e-0f4d3c1a9b10';

describe('list query parameters (validated by the OpenAPI document)', () => {
  test('no parameters is a page of 10 from the newest', () => {
    expect(parseListQuery('/v1/keys', {})).toEqual({ limit: 10, startingAfter: undefined, endingBefore: undefined, filters: {} });
  });

  test('limit 100 (the largest) is accepted, as a number', () => {
    expect(parseListQuery('/v1/keys', { limit: '100' }).limit).toBe(100);
  });

  test('limit 1 (the smallest) is accepted', () => {
    expect(parseListQuery('/v1/jobs', { limit: '1' }).limit).toBe(1);
  });

  test.each([['101', 'must be <= 100'], ['0', 'must be >= 1'], ['-1', 'must be >= 1'], ['2.5', 'must be integer'], ['ten', 'must be integer']])(
    'limit %s is invalid_schema naming the parameter', (limit, why) => {
      expect(failure(() => parseListQuery('/v1/keys', { limit }))).toEqual({ code: 'invalid_schema', detail: `query parameter limit: ${why}` });
    },
  );

  test('a repeated limit is invalid_schema', () => {
    expect(failure(() => parseListQuery('/v1/keys', { limit: ['1', '2'] }))?.code).toBe('invalid_schema');
  });

  test('a cursor of the listed kind is taken; one of another format is invalid_schema', () => {
    expect(parseListQuery('/v1/keys', { starting_after: KEY }).startingAfter).toBe(KEY);
    expect(parseListQuery('/v1/jobs', { ending_before: JOB }).endingBefore).toBe(JOB);
    expect(parseListQuery('/v1/webhook_endpoints', { starting_after: ENDPOINT }).startingAfter).toBe(ENDPOINT);
    expect(failure(() => parseListQuery('/v1/keys', { starting_after: JOB }))?.code).toBe('invalid_schema');
    expect(failure(() => parseListQuery('/v1/jobs', { starting_after: 'job_1' }))?.code).toBe('invalid_schema');
    expect(failure(() => parseListQuery('/v1/webhook_endpoints', { ending_before: 'not-a-uuid' }))?.code).toBe('invalid_schema');
  });

  test('starting_after and ending_before together are invalid_schema', () => {
    expect(failure(() => parseListQuery('/v1/keys', { starting_after: KEY, ending_before: KEY }))).toEqual({
      code: 'invalid_schema', detail: 'starting_after and ending_before cannot be used together',
    });
  });

  test('an unknown query parameter is invalid_schema naming it', () => {
    expect(failure(() => parseListQuery('/v1/keys', { page: '2' }))).toEqual({ code: 'invalid_schema', detail: 'unknown query parameter "page"' });
  });

  test('the jobs list takes a state filter of the job states only', () => {
    expect(parseListQuery('/v1/jobs', { state: 'failed' }).filters).toEqual({ state: 'failed' });
    expect(failure(() => parseListQuery('/v1/jobs', { state: 'done' }))?.code).toBe('invalid_schema');
    expect(failure(() => parseListQuery('/v1/keys', { state: 'failed' }))?.code).toBe('invalid_schema');
  });
});

describe('a page of a list held in memory (webhook endpoints)', () => {
  const items = ['e', 'd', 'c', 'b', 'a']; // newest first
  const page = (params: Parameters<typeof pageOfList>[1]) => pageOfList(items, params, (x) => x);

  test('the first page and has_more', () => {
    expect(page({ limit: 2 })).toEqual({ data: ['e', 'd'], hasMore: true });
    expect(page({ limit: 5 })).toEqual({ data: items, hasMore: false });
  });

  test('starting_after the last id of a page is the next page', () => {
    expect(page({ limit: 2, startingAfter: 'd' })).toEqual({ data: ['c', 'b'], hasMore: true });
    expect(page({ limit: 2, startingAfter: 'b' })).toEqual({ data: ['a'], hasMore: false });
  });

  test('ending_before the first id of a page is the page before it, newest first', () => {
    expect(page({ limit: 2, endingBefore: 'b' })).toEqual({ data: ['d', 'c'], hasMore: true });
    expect(page({ limit: 2, endingBefore: 'd' })).toEqual({ data: ['e'], hasMore: false });
  });

  test('a cursor not in the list (unknown, or another account\'s) is not_found', () => {
    expect(failure(() => page({ limit: 2, startingAfter: 'z' }))?.code).toBe('not_found');
  });
});
