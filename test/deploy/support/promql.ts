// The metric names a PromQL expression reads, and the metrics docs/operations.md "Metrics" lists, so the chart's
// dashboard and alert rules can be held to the metrics the services really export.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Aggregations, operators and modifiers that look like names but are not metrics. */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * Metric names in `expr`: every identifier outside strings, label matchers ({...}), ranges ([...]) and grouping
 * clauses (by (...)), that is not called like a function and is not a keyword or part of a number (1e6).
 * Enough for the expressions this chart writes; not a full PromQL parser (promtool checks syntax).
 */
export function metricNames(expr: string): string[] {
  const s = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const m of s.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const before = s[m.index - 1] ?? ' ';
    if (/[0-9.]/.test(before)) continue;
    if (s.slice(m.index + m[0].length).trimStart().startsWith('(')) continue;
    if (KEYWORDS.has(m[0].toLowerCase())) continue;
    names.add(m[0]);
  }
  return [...names];
}

/**
 * Every metric name the "Metrics" section of docs/operations.md lists in its tables (first column, one or more
 * `name`s), with a histogram's _bucket, _sum and _count series.
 */
export function documentedMetrics(root: string): Set<string> {
  const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');
  const start = doc.indexOf('\n## Metrics\n');
  if (start < 0) throw new Error('docs/operations.md has no "## Metrics" section');
  const end = doc.indexOf('\n## ', start + 1);
  const names = new Set<string>();
  for (const line of doc.slice(start, end < 0 ? undefined : end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1].startsWith('`')) continue;
    for (const [, name] of cells[1].matchAll(/`([a-zA-Z_:][a-zA-Z0-9_:]*)`/g)) {
      names.add(name);
      if (cells[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    }
  }
  return names;
}
