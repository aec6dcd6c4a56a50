// What exs prints on stdout: the API's JSON as it came (stable, machine-readable), or tables with --pretty.
import type { ExtractionResult, Job } from '@exs/sdk';
import { MAX_CELL, cell, formatJson, formatOutput, table } from '../src/output.js';

const RESULT: ExtractionResult = {
  data: { invoice_number: 'INV-1', total: 1500.5, due_date: null },
  fields: {
    '/invoice_number': { state: 'extracted', value: 'INV-1', confidence: 0.973, grounding: [{ page: 1, bbox: [0.1, 0.1, 0.2, 0.12], text: 'INV-1', start: 4, end: 9 }] },
    '/total': { state: 'extracted', value: 1500.5, confidence: 0.9, grounding: [{ page: 2, bbox: [0.5, 0.8, 0.6, 0.82], text: '1,500.50', start: 0, end: 8 }] },
    '/due_date': { state: 'missing', reason: 'not_found', confidence: 0.81, grounding: [] },
  },
  document: { format: 'pdf', pages: 2, words: 40, ocr_pages: 0 },
  meta: { request_id: 'req_1', billed_pages: 2, calibrator_version: 'c1' },
};

test('JSON output is the value as the API sent it, indented, keys in their order, one trailing newline', () => {
  const text = formatOutput('extraction', RESULT, false);
  expect(text).toBe(`${JSON.stringify(RESULT, null, 2)}\n`);
  expect(JSON.parse(text)).toEqual(RESULT);
  expect(formatJson({ b: 1, a: [] })).toBe('{\n  "b": 1,\n  "a": []\n}\n');
});

test('--pretty prints an extraction as a field table with state, value, confidence and page', () => {
  expect(formatOutput('extraction', RESULT, true)).toBe(
    [
      'FIELD            STATE                VALUE   CONFIDENCE  PAGE',
      '/invoice_number  extracted            INV-1   0.97        1',
      '/total           extracted            1500.5  0.90        2',
      '/due_date        missing (not_found)  -       0.81        -',
      '',
      '2 page(s), 2 billed, request req_1',
      '',
    ].join('\n'),
  );
});

test('--pretty prints a job\'s fields, its error when failed, and its result\'s table when succeeded', () => {
  const base = { id: 'job_1', object: 'job', request_id: 'req_1', pages: 2, price_per_page: { amount: '0.02', currency: 'USD' }, created_at: 't0', started_at: null, finished_at: null, expires_at: null };
  const failed = formatOutput('job', { ...base, state: 'failed', result: null, error: { code: 'extraction_failed', message: 'The document could not be read.' } } as Job, true);
  expect(failed).toMatch(/^state +failed$/m);
  expect(failed).toMatch(/^price_per_page +0\.02 USD$/m);
  expect(failed).toMatch(/^error +extraction_failed: The document could not be read\.$/m);
  const succeeded = formatOutput('job', { ...base, state: 'succeeded', result: RESULT, error: null } as Job, true);
  expect(succeeded).toMatch(/^\/total +extracted +1500\.5 +0\.90 +2$/m);
  expect(succeeded).not.toMatch(/^result /m);
});

test('--pretty prints keys and webhook endpoints as one row each', () => {
  const keys = formatOutput('keys', { object: 'list', data: [{ id: 'key_1', object: 'api_key', name: 'ci', prefix: 'exs_live_ab', daily_page_limit: 500, created_at: 't', revoked_at: null }] }, true);
  expect(keys.split('\n')).toEqual(['ID     NAME  PREFIX       DAILY PAGES  CREATED  REVOKED', 'key_1  ci    exs_live_ab  500          t        -', '']);
  const hooks = formatOutput('webhooks', { object: 'list', data: [{ id: 'we_1', object: 'webhook_endpoint', url: 'https://example.com/h', event_types: [], description: '', created_at: 't' }] }, true);
  expect(hooks.split('\n')[1]).toBe('we_1  https://example.com/h  all     t');
});

test('a table cell is one line: control characters and escape sequences from a document cannot reach the terminal', () => {
  expect(cell('a\nb\tc')).toBe('a b c');
  expect(cell('red\u001b[31mtext\u009b2J')).toBe('red [31mtext 2J');
  expect(cell(null)).toBe('-');
  expect(cell({ amount: '1.00', currency: 'USD' })).toBe('1.00 USD');
  expect(cell(['a', 1])).toBe('["a",1]');
});

test(`a cell of ${MAX_CELL} characters is whole; one more is cut with an ellipsis`, () => {
  expect(cell('x'.repeat(MAX_CELL))).toBe('x'.repeat(MAX_CELL));
  expect(cell('x'.repeat(MAX_CELL + 1))).toBe(`${'x'.repeat(MAX_CELL - 1)}…`);
});

test('columns are padded to their widest cell and lines carry no trailing spaces', () => {
  expect(table(['A', 'B'], [['long value', ''], ['x', 'y']])).toBe('A           B\nlong value\nx           y\n');
});
