/**
 * What a command prints on stdout: by default its API object as JSON (the API's own field names and order,
 * indented, one document per run, so scripts can pipe it to jq); with --pretty a table for people.
 */
import type { ApiKey, ExtractionResult, FieldResult, Job, Money, WebhookEndpoint } from '@exs/sdk';

export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The shape a command's output has, which picks its table. */
export type OutputKind = 'extraction' | 'job' | 'keys' | 'webhooks' | 'record';

/** Longest cell of a table before it is cut with an ellipsis. */
export const MAX_CELL = 60;

/**
 * One line of text for a terminal cell: document text may hold newlines, tabs or escape sequences (a value
 * must not be able to move the cursor or recolour the terminal), so control characters become spaces.
 */
const isMoney = (v: unknown): v is Money =>
  typeof v === 'object' && v !== null && Object.keys(v).length === 2 && typeof (v as Money).amount === 'string' && typeof (v as Money).currency === 'string';

export function cell(value: unknown): string {
  const text = value === null || value === undefined ? '-' : typeof value === 'string' ? value : isMoney(value) ? `${value.amount} ${value.currency}` : JSON.stringify(value);
  // C0 controls, DEL and C1 controls (U+0080-U+009F; U+009B alone is a CSI).
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

export function table(headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const cells = [headers.map(String), ...rows.map((row) => row.map(cell))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n') + '\n';
}

/** `key  value` lines for one object's scalar fields (nested objects as compact JSON). */
export function pairs(record: Record<string, unknown>): string {
  return table(['FIELD', 'VALUE'], Object.entries(record).map(([k, v]) => [k, v]));
}

const confidence = (c: number) => c.toFixed(2);

function fieldRow(pointer: string, field: FieldResult): unknown[] {
  const pages = [...new Set(field.grounding.map((g) => g.page))].join(',') || '-';
  return field.state === 'extracted'
    ? [pointer, 'extracted', field.value, confidence(field.confidence), pages]
    : [pointer, `missing (${field.reason})`, null, confidence(field.confidence), pages];
}

export function extractionTable(result: ExtractionResult): string {
  const rows = Object.entries(result.fields as Record<string, FieldResult>).map(([pointer, field]) => fieldRow(pointer, field));
  return (
    table(['FIELD', 'STATE', 'VALUE', 'CONFIDENCE', 'PAGE'], rows) +
    `\n${result.document.pages} page(s), ${result.meta.billed_pages} billed, request ${result.meta.request_id}\n`
  );
}

function jobTable(job: Job): string {
  const { result, error, ...rest } = job;
  const summary = pairs({ ...rest, ...(error ? { error: `${error.code}: ${error.message}` } : {}) });
  return result ? `${summary}\n${extractionTable(result)}` : summary;
}

function listOf<T>(value: unknown): T[] {
  return (value as { data: T[] }).data;
}

export function formatPretty(kind: OutputKind, value: unknown): string {
  switch (kind) {
    case 'extraction':
      return extractionTable(value as ExtractionResult);
    case 'job':
      return jobTable(value as Job);
    case 'keys':
      return table(
        ['ID', 'NAME', 'PREFIX', 'DAILY PAGES', 'CREATED', 'REVOKED'],
        listOf<ApiKey>(value).map((k) => [k.id, k.name, k.prefix, k.daily_page_limit, k.created_at, k.revoked_at]),
      );
    case 'webhooks':
      return table(
        ['ID', 'URL', 'EVENTS', 'CREATED'],
        listOf<WebhookEndpoint>(value).map((e) => [e.id, e.url, e.event_types.length ? e.event_types.join(',') : 'all', e.created_at]),
      );
    case 'record':
      return pairs(value as Record<string, unknown>);
  }
}

export function formatOutput(kind: OutputKind, value: unknown, pretty: boolean): string {
  return pretty ? formatPretty(kind, value) : formatJson(value);
}
