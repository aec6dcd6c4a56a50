#!/usr/bin/env node
// Generates the JSON schemas kubeconform validates against, offline, in its own layout
// (`<kind>-<group>-<version>.json`, e.g. deployment-apps-v1.json, service-v1.json): the same shape as
// yannh/kubernetes-json-schema's "standalone-strict" flavour, which cannot be downloaded here.
//
//   node gen-schemas.mjs --swagger <k8s.io/kubernetes>/api/openapi-spec/swagger.json \
//                        [--crd <CRD as JSON, e.g. yaml2json < keda.sh_scaledobjects.yaml>]... --out <dir>
//
// What "standalone strict" means, as upstream's openapi2jsonschema does it:
//   - every $ref is inlined (a reference back into itself becomes {}: only CRD meta-schemas recurse),
//   - objects with `properties` reject unknown fields (additionalProperties: false), unless they preserve them,
//   - int-or-string fields take a string or an integer, resource quantities a string or a number,
//   - optional fields may be null (helm renders `key: null` for unset values),
//   - `kind` and `apiVersion` must be the resource's own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = { crd: [] };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  const value = process.argv[i + 1];
  if (key === 'crd') args.crd.push(value);
  else args[key] = value;
}
if (!args.swagger || !args.out) {
  console.error('usage: gen-schemas.mjs --swagger swagger.json [--crd crd.json]... --out dir');
  process.exit(2);
}

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const INT_OR_STRING = { oneOf: [{ type: 'string' }, { type: 'integer' }] };

/** kubeconform's file name for a group/version/kind. */
export function fileName(group, version, kind) {
  const first = group ? group.split('.')[0] : '';
  return `${kind.toLowerCase()}${first ? `-${first.toLowerCase()}` : ''}-${version.toLowerCase()}.json`;
}

function nullable(schema) {
  if (typeof schema.type === 'string' && schema.type !== 'null') return { ...schema, type: [schema.type, 'null'] };
  if (schema.oneOf && !schema.oneOf.some((s) => s.type === 'null')) return { ...schema, oneOf: [...schema.oneOf, { type: 'null' }] };
  return schema;
}

/** Inlines refs and applies the strict/standalone rules to one schema node. */
function convert(node, defs, stack) {
  if (Array.isArray(node)) return node.map((n) => convert(n, defs, stack));
  if (!node || typeof node !== 'object') return node;
  if (node.$ref) {
    const name = node.$ref.replace(/^#\/definitions\//, '');
    if (name === QUANTITY) return { oneOf: [{ type: 'string' }, { type: 'number' }] };
    if (stack.includes(name)) return {};
    const target = defs[name];
    if (!target) throw new Error(`unresolved $ref ${node.$ref}`);
    const { $ref, ...rest } = node;
    return { ...convert(target, defs, [...stack, name]), ...(rest.description ? { description: rest.description } : {}) };
  }
  if (node.format === 'int-or-string' || node['x-kubernetes-int-or-string']) {
    return { ...INT_OR_STRING, ...(node.description ? { description: node.description } : {}) };
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties') {
      const required = new Set(node.required ?? []);
      out.properties = {};
      for (const [prop, schema] of Object.entries(value)) {
        const converted = convert(schema, defs, stack);
        out.properties[prop] = required.has(prop) ? converted : nullable(converted);
      }
    } else if (key === 'items' || key === 'additionalProperties' || key === 'allOf' || key === 'anyOf' || key === 'oneOf' || key === 'not') {
      out[key] = typeof value === 'boolean' ? value : convert(value, defs, stack);
    } else if (key.startsWith('x-kubernetes-')) {
      continue;
    } else {
      out[key] = value;
    }
  }
  if (out.properties && !('additionalProperties' in out) && !node['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
  return out;
}

function pinKind(schema, group, version, kind) {
  const apiVersion = group ? `${group}/${version}` : version;
  schema.properties = schema.properties ?? {};
  schema.properties.apiVersion = { type: 'string', enum: [apiVersion] };
  schema.properties.kind = { type: 'string', enum: [kind] };
  schema.$schema = 'http://json-schema.org/schema#';
  return schema;
}

mkdirSync(args.out, { recursive: true });
let written = 0;
const write = (name, schema) => {
  writeFileSync(join(args.out, name), JSON.stringify(schema));
  written++;
};

const swagger = JSON.parse(readFileSync(args.swagger, 'utf8'));
const defs = swagger.definitions;
for (const [name, def] of Object.entries(defs)) {
  const gvks = def['x-kubernetes-group-version-kind'];
  if (!gvks) continue;
  for (const { group, version, kind } of gvks) {
    // Skip the list/meta variants that every group registers (WatchEvent, DeleteOptions, ...).
    if (kind === 'WatchEvent' || kind === 'DeleteOptions' || kind === 'Status' || kind === 'APIVersions' || kind === 'APIGroup' || kind === 'APIGroupList' || kind === 'APIResourceList') continue;
    const schema = pinKind(convert(def, defs, [name]), group, version, kind);
    write(fileName(group, version, kind), schema);
  }
}

for (const file of args.crd) {
  const docs = JSON.parse(readFileSync(file, 'utf8'));
  for (const crd of Array.isArray(docs) ? docs : [docs]) {
    if (crd?.kind !== 'CustomResourceDefinition') continue;
    const { group, names } = crd.spec;
    for (const v of crd.spec.versions) {
      const root = v.schema?.openAPIV3Schema;
      if (!root) continue;
      const schema = pinKind(convert(root, {}, []), group, v.name, names.kind);
      write(fileName(group, v.name, names.kind), schema);
    }
  }
}

console.error(`[gen-schemas] ${written} schemas written to ${args.out}`);
