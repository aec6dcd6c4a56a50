/**
 * Requests are validated by the OpenAPI document itself: the JSON body schema and the query parameters
 * of an operation are compiled from `openApiDocument` (ajv, JSON Schema 2020-12, OpenAPI 3.1's dialect),
 * so the published shapes and the refusals cannot drift apart. What JSON Schema cannot say (base64 that
 * decodes, the decoded size, the schema's depth) stays in the handlers, after this check.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ApiError } from '../edge/api-error.js';
import { openApiDocument } from './openapi-document.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Schema = Record<string, unknown>;
interface Parameter { name: string; in: string; required?: boolean; schema: Schema }
interface Operation { parameters?: (Parameter | { $ref: string })[]; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> } }

// Component references point into one schema resource holding the components as `$defs`.
const asResource = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"components.json#/$defs/'));
const doc = asResource(openApiDocument) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Schema; parameters: Record<string, Parameter> };
};

function compiler(opts: { coerceTypes?: boolean; useDefaults?: boolean }): Ajv2020 {
  // allErrors off: the first failure is reported, and validation stops early on hostile input.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, strictTypes: false, allErrors: false, ...opts });
  addFormats(ajv);
  ajv.addSchema({ $id: 'components.json', $defs: doc.components.schemas });
  return ajv;
}
const bodies = compiler({});
// Query values arrive as text; `limit=10` is checked as the integer the document declares.
const queries = compiler({ coerceTypes: true, useDefaults: true });

function operation(path: string, method: string): Operation {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`not documented: ${method.toUpperCase()} ${path}`);
  return op;
}

const unknownField = (e: ErrorObject) => (e.params as { additionalProperty: string }).additionalProperty;

/** A body failure as the `detail` of a 400 `invalid_schema`: the JSON Pointer and what failed. */
function describeBody(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `${e.instancePath || 'body'}: unknown field "${unknownField(e)}"`;
  if (e.instancePath === '' && e.keyword === 'type') return 'body must be a JSON object';
  if (e.keyword === 'minProperties' || e.keyword === 'maxProperties' || e.keyword === 'oneOf') {
    const description = (e.parentSchema as { description?: string } | undefined)?.description;
    if (description) return `${e.instancePath}: ${description}`;
  }
  return `${e.instancePath || 'body'}: ${e.message}`;
}

function describeQuery(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `unknown query parameter "${unknownField(e)}"`;
  return `query parameter ${e.instancePath.slice(1) || (e.params as { missingProperty?: string }).missingProperty}: ${e.message}`;
}

const bodyCache = new Map<string, ValidateFunction>();
const queryCache = new Map<string, ValidateFunction>();

function cached(cache: Map<string, ValidateFunction>, key: string, build: () => ValidateFunction): ValidateFunction {
  let fn = cache.get(key);
  if (!fn) cache.set(key, fn = build());
  return fn;
}

/**
 * The JSON body of a documented operation, checked against its request body schema; refused with 400
 * `invalid_schema` naming the first failure. An optional body that is absent (or JSON `null`) reads as `{}`.
 */
export function validateBody<T>(path: string, method: 'post' | 'put' | 'patch', body: unknown): T {
  const op = operation(path, method);
  const requestBody = op.requestBody;
  if (!requestBody) throw new Error(`no request body documented for ${method.toUpperCase()} ${path}`);
  if ((body === undefined || body === null) && !requestBody.required) return {} as T;
  const validate = cached(bodyCache, `${method} ${path}`, () => bodies.compile(requestBody.content['application/json'].schema));
  if (!validate(body)) throw new ApiError('invalid_schema', {}, describeBody(validate.errors![0]));
  return body as T;
}

/**
 * The query string of a documented operation, checked against its query parameters (no others are
 * accepted); values come back typed (`limit` as a number) with the documented defaults filled in.
 */
export function validateQuery<T>(path: string, method: 'get', query: unknown): T {
  const validate = cached(queryCache, `${method} ${path}`, () => {
    const params = (operation(path, method).parameters ?? [])
      .map((p) => ('$ref' in p ? doc.components.parameters[p.$ref.split('/').pop()!] : p))
      .filter((p) => p.in === 'query');
    return queries.compile({
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.required).map((p) => p.name),
    });
  });
  // A copy: coercion and defaults write into the object they check.
  const values = { ...(query as object | undefined) };
  if (!validate(values)) throw new ApiError('invalid_schema', {}, describeQuery(validate.errors![0]));
  return values as T;
}
