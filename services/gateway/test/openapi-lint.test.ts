import { createConfig, lintFromString } from '@redocly/openapi-core';
import { openApiJson } from '../src/openapi/openapi-document.js';

const doc = JSON.parse(openApiJson);

/**
 * Redocly's recommended rules, with what a published API document owes its readers raised to errors:
 * contact, license, a description on every operation and parameter, examples that match their schemas.
 */
const rules = {
  'info-contact': 'error',
  'info-license': 'error',
  'info-license-strict': 'error',
  'operation-description': 'error',
  'parameter-description': 'error',
  'operation-summary': 'error',
  'no-invalid-media-type-examples': 'error',
  'no-invalid-schema-examples': 'error',
  'no-server-example.com': 'error',
} as const;

async function lint(source: string) {
  const config = await createConfig({ extends: ['recommended'], rules });
  return lintFromString({ source, absoluteRef: 'openapi.json', config });
}

const describeProblem = (p: { ruleId: string; message: string; location: { pointer?: string }[] }) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;

test('the served document lints with zero errors (Redocly, recommended rules plus contact, license and descriptions)', async () => {
  const problems = await lint(openApiJson);
  expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
});

test('the linter refuses a document without a license or operation descriptions (so the test above can fail)', async () => {
  const broken = structuredClone(doc);
  delete broken.info.license;
  delete broken.paths['/v1/wallet'].get.description;
  const errors = (await lint(JSON.stringify(broken))).filter((p) => p.severity === 'error').map((p) => p.ruleId);
  expect(errors).toEqual(expect.arrayContaining(['info-license', 'operation-description']));
});

test('every component schema has a description', () => {
  const missing = Object.entries<{ description?: string }>(doc.components.schemas).filter(([, s]) => !s.description).map(([name]) => name);
  expect(missing).toEqual([]);
});

test('the webhook events are in the OpenAPI 3.1 webhooks section, one per event type', () => {
  expect(Object.keys(doc.webhooks).sort()).toEqual([...doc.components.schemas.WebhookEventType.enum].sort());
  for (const [type, item] of Object.entries<any>(doc.webhooks)) {
    const body = item.post.requestBody.content['application/json'].schema.$ref.split('/').pop();
    expect(doc.components.schemas[body].properties.type.const).toBe(type);
  }
});

test('free-form JSON (the caller\'s schema, the extracted data) is an open object', () => {
  expect(doc.components.schemas.ExtractionRequest.properties.schema).toMatchObject({ type: 'object', additionalProperties: true });
  expect(doc.components.schemas.ExtractionResult.properties.data).toMatchObject({ type: 'object', additionalProperties: true });
});
