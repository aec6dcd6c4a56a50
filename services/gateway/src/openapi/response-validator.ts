/**
 * Validates real responses against the OpenAPI document (used by the unit and e2e tests; the server never
 * loads it). Response schemas are compiled with ajv's JSON Schema 2020-12 dialect, OpenAPI 3.1's default.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from './openapi-document.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, { headers?: Record<string, { $ref: string }>; content?: Record<string, { schema: Schema }> }> };

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every documented (path, method, status, error code); success statuses have code `null`. */
export interface Documented { path: string; method: string; status: number; code: string | null }

export function documentedOutcomes(doc: unknown = openApiDocument): Documented[] {
  const out: Documented[] = [];
  const paths = (doc as { paths: Record<string, Record<string, Operation>> }).paths;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema as Schema | undefined;
        const codes = ((schema?.properties as Schema | undefined)?.error as { properties?: { code?: { enum?: string[] } } } | undefined)?.properties?.code?.enum;
        if (codes) for (const code of codes) out.push({ path, method, status: Number(status), code });
        else out.push({ path, method, status: Number(status), code: null });
      }
    }
  }
  return out;
}

/**
 * With `closed`, every object schema that lists `properties` also refuses properties it does not list
 * (`unevaluatedProperties: false`), so a response field the document does not describe is caught. The
 * published document stays open: clients ignore unknown fields.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = closeObjects(v);
  if ('properties' in out && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) out.unevaluatedProperties = false;
  return out;
}

export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly doc: { paths: Record<string, Record<string, Operation>>; components: { headers: Record<string, { schema: Schema }> } };

  constructor(opts: { closed?: boolean; doc?: unknown } = {}) {
    // Component references point into one schema resource holding the components as `$defs`.
    const text = JSON.stringify(opts.doc ?? openApiDocument).replaceAll('"#/components/schemas/', '"components.json#/$defs/');
    const base = JSON.parse(text);
    this.doc = opts.closed ? closeObjects(base) as typeof this.doc : base;
    this.ajv = new Ajv2020({ strict: true, strictRequired: false, strictTypes: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'components.json', $defs: (this.doc.components as unknown as { schemas: Schema }).schemas });
  }

  private operation(path: string, method: string): Operation {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`not documented: ${method.toUpperCase()} ${path}`);
    return op;
  }

  /** The compiled body schema of a documented response; throws if the status is not documented. */
  bodyValidator(path: string, method: string, status: number): ValidateFunction {
    const key = `${method} ${path} ${status}`;
    let fn = this.cache.get(key);
    if (!fn) {
      const op = this.operation(path, method);
      if (!op.responses[String(status)]) throw new Error(`status ${status} not documented for ${method.toUpperCase()} ${path}`);
      const schema = op.responses[String(status)].content?.['application/json']?.schema;
      if (!schema) throw new Error(`no JSON body documented for ${status} of ${method.toUpperCase()} ${path}`);
      fn = this.ajv.compile(schema);
      this.cache.set(key, fn);
    }
    return fn;
  }

  /** Problems with a response (status documented, body and required headers conform); empty when it conforms. */
  check(path: string, method: string, res: { status: number; headers: Headers; body: unknown }): string[] {
    const problems: string[] = [];
    let validate: ValidateFunction;
    try {
      validate = this.bodyValidator(path, method, res.status);
    } catch (err) {
      return [(err as Error).message];
    }
    if (!validate(res.body)) problems.push(`body: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`);
    const declared = this.operation(path, method).responses[String(res.status)].headers ?? {};
    for (const [name, header] of Object.entries(declared)) {
      const component = this.doc.components.headers[header.$ref.split('/').pop()!] as { required?: boolean; schema: Schema };
      const value = res.headers.get(name);
      if (value === null) {
        if (component.required) problems.push(`header ${name}: missing`);
        continue;
      }
      const schema = component.schema;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const ok = this.ajv.validate(schema, typed);
      if (!ok) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(this.ajv.errors)}`);
    }
    return problems;
  }
}
