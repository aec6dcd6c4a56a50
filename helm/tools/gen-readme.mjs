#!/usr/bin/env node
// Generates helm/exs/README.md from values.yaml (helm-docs style: every value with its type, default and
// description), checked by test/deploy/helm-readme.test.ts:
//   node helm/tools/gen-readme.mjs > helm/exs/README.md
// A value's description is the comment written above it or after it in values.yaml, else the
// `description` of its entry in values.schema.json (one place for the keys every service repeats). A value
// with neither fails the run, so a new value cannot land undocumented. Defaults are read by
// .tools/bin/yaml2json (scripts/install-helm.sh), so no YAML parser is needed in Node.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
// --chart <dir>: another copy of the chart (the tests use one).
const chartArg = process.argv.indexOf('--chart');
const CHART = chartArg > 0 ? process.argv[chartArg + 1] : join(ROOT, 'helm/exs');
const YAML2JSON = process.env.YAML2JSON ?? join(ROOT, '.tools/bin/yaml2json');

const text = readFileSync(join(CHART, 'values.yaml'), 'utf8');
const schema = JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8'));
function yaml(input) {
  const res = spawnSync(YAML2JSON, [], { input, encoding: 'utf8' });
  if (res.status !== 0) {
    process.stderr.write(`gen-readme: ${YAML2JSON} failed (run scripts/install-helm.sh): ${res.stderr ?? res.error}\n`);
    process.exit(2);
  }
  return JSON.parse(res.stdout)[0];
}
const values = yaml(text);
const chart = yaml(readFileSync(join(CHART, 'Chart.yaml'), 'utf8'));

const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const lookup = (path) => path.reduce((v, k) => (isMap(v) && k in v ? v[k] : undefined), values);

/** Paths whose value is written in flow style on the key's line ({...} or [...]). */
const flow = new Set();
/** Each key's place in values.yaml, so the README lists values in the file's order. */
const order = new Map();

/** Comments by dotted path: the comment lines right above a key (no blank line between) and a trailing one. */
function comments() {
  const byPath = new Map();
  const stack = []; // { indent, key }
  let pending = [];
  for (const line of text.split('\n')) {
    const comment = /^\s*#\s?(.*)$/.exec(line);
    if (comment) {
      pending.push(comment[1]);
      continue;
    }
    if (!line.trim()) {
      pending = [];
      continue;
    }
    const key = /^(\s*)("[^"]+"|[^\s#:"'-][^\s:]*)\s*:(\s|$)(.*)$/.exec(line);
    if (!key) {
      pending = [];
      continue;
    }
    const indent = key[1].length;
    while (stack.length && stack.at(-1).indent >= indent) stack.pop();
    const name = key[2].replace(/^"|"$/g, '');
    const path = [...stack.map((s) => s.key), name];
    stack.push({ indent, key: name });
    // A trailing comment: " # ..." after the value (values here never contain " # ").
    const trailing = /\s#\s?(.*)$/.exec(key[4])?.[1];
    // "# -- Section ------" lines head a part of the file, they describe no key.
    const own = pending.filter((l) => !/-{3,}\s*$/.test(l)).map((l) => l.replace(/^--\s?/, '')).filter((l) => l.trim());
    if (/^[{[]/.test(key[4].trim())) flow.add(path.join('.'));
    if (!order.has(path.join('.'))) order.set(path.join('.'), order.size);
    if (lookup(path) !== undefined) byPath.set(path.join('.'), [...own, ...(trailing ? [trailing] : [])].join(' ').trim());
    pending = [];
  }
  return byPath;
}

/** The schema's description of a path (through properties, then additionalProperties). */
function schemaDescription(path) {
  let node = schema;
  for (const k of path) {
    node = node?.properties?.[k] ?? (isMap(node?.additionalProperties) ? node.additionalProperties : undefined);
    if (!node) return '';
  }
  return node.description ?? '';
}

const typeOf = (v) => (Array.isArray(v) ? 'list' : isMap(v) ? 'object' : Number.isInteger(v) ? 'int' : typeof v === 'number' ? 'float' : typeof v === 'boolean' ? 'bool' : 'string');
const cell = (s) => s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (s) => (s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``);

const docs = comments();
const place = (path) => order.get(path.join('.')) ?? Number.MAX_SAFE_INTEGER;
const entries = (v, path) => Object.entries(v).sort(([a], [b]) => place([...path, a]) - place([...path, b]) || a.localeCompare(b));
const sentence = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const missing = [];

/** One row per value under `path`: non-empty maps are listed key by key; lists, empty maps, scalars and maps
 * written in flow style (or made of flow-style maps only, like resources) are one value each. */
function rows(path, v) {
  const dotted = path.join('.');
  const keys = isMap(v) ? Object.keys(v) : [];
  const atomic = flow.has(dotted) || (keys.length > 0 && keys.every((k) => flow.has(`${dotted}.${k}`) && isMap(v[k])));
  if (keys.length > 0 && !atomic) {
    // A commented map inside a section gets a row of its own for what its comment says about its keys.
    const head = path.length > 1 && docs.get(dotted) ? [`| ${code(dotted)} | object | (keys below) | ${cell(sentence(docs.get(dotted)))} |`] : [];
    return [...head, ...entries(v, path).flatMap(([k, child]) => rows([...path, k], child))];
  }
  const description = docs.get(dotted) || schemaDescription(path);
  if (!description) missing.push(dotted);
  return [`| ${code(dotted)} | ${typeOf(v)} | ${code(JSON.stringify(v))} | ${cell(sentence(description))} |`];
}

const table = (lines) => ['| Key | Type | Default | Description |', '|---|---|---|---|', ...lines, ''].join('\n');
const general = [];
const sections = [];
for (const [top, topValue] of entries(values, [])) {
  if (!isMap(topValue) || Object.keys(topValue).length === 0) {
    general.push(...rows([top], topValue));
    continue;
  }
  const intro = docs.get(top) || schemaDescription([top]);
  sections.push([`### ${top}`, '', ...(intro ? [sentence(intro), ''] : []), table(rows([top], topValue))].join('\n'));
}
sections.unshift(['### General', '', 'Settings of every pod of the release.', '', table(general)].join('\n'));
if (missing.length) {
  process.stderr.write(`gen-readme: no description (a comment in values.yaml or a schema description) for:\n  ${missing.join('\n  ')}\n`);
  process.exit(1);
}

process.stdout.write(`# exs Helm chart

<!-- Generated by helm/tools/gen-readme.mjs from values.yaml: do not edit; run
     node helm/tools/gen-readme.mjs > helm/exs/README.md -->

${chart.description}

Chart version \`${chart.version}\`, app version \`${chart.appVersion}\`, Kubernetes \`${chart.kubeVersion}\`.
PostgreSQL, Redis and NATS (JetStream) are not part of the chart. How to install, upgrade, scale and
operate it: [docs/operations.md](../../docs/operations.md).

\`\`\`sh
helm upgrade --install exs helm/exs -n exs --create-namespace -f my-values.yaml --wait
helm test exs -n exs        # GET /v1/health and /status through the gateway Service
\`\`\`

Every value is checked by \`values.schema.json\` (generated by \`helm/tools/gen-values-schema.mjs\`): an
unknown key or a wrong type fails the install before anything reaches the cluster.

## Values

${sections.join('\n')}`);
