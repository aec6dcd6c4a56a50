// The Document AI provider's settings from the environment: off unless a processor is named, and refused
// (naming the variable) when they would send pages somewhere unintended.
import { ConfigError } from '@exs/platform';
import { loadExtractionConfig } from '../src/config.js';
import { documentAiSettings } from '../src/providers/documentai/settings.js';

const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/exs_extraction' };
const processor = 'projects/acme-prod/locations/eu/processors/a1b2c3';

test('the provider is off by default', () => {
  expect(documentAiSettings(loadExtractionConfig(base))).toBeUndefined();
});

test("a processor turns it on, at its region's endpoint with TLS and the documented limits", () => {
  expect(documentAiSettings(loadExtractionConfig({ ...base, DOCUMENTAI_PROCESSOR: processor }))).toEqual({
    processor,
    host: 'eu-documentai.googleapis.com',
    port: 443,
    plaintext: false,
    timeoutMs: 60_000,
    pagesPerRequest: 15,
    maxRequestBytes: 20 * 1024 * 1024,
  });
});

test('an endpoint, timeout, batch size and request size can be set', () => {
  const settings = documentAiSettings(loadExtractionConfig({
    ...base,
    DOCUMENTAI_PROCESSOR: `${processor}/processorVersions/pretrained-ocr-v2.1-2024-08-07`,
    DOCUMENTAI_ENDPOINT: 'documentai.internal.example:8443',
    DOCUMENTAI_TIMEOUT_SECONDS: '12.5',
    DOCUMENTAI_PAGES_PER_REQUEST: '30',
    DOCUMENTAI_MAX_REQUEST_MB: '40',
  }));
  expect(settings).toMatchObject({ host: 'documentai.internal.example', port: 8443, timeoutMs: 12_500, pagesPerRequest: 30, maxRequestBytes: 40 * 1024 * 1024 });
});

test('a processor name of the wrong shape is refused, naming the variable', () => {
  for (const bad of ['a1b2c3', 'projects/p/locations/eu/processors/', 'projects/p/processors/x']) {
    expect(() => loadExtractionConfig({ ...base, DOCUMENTAI_PROCESSOR: bad })).toThrow(/DOCUMENTAI_PROCESSOR/);
  }
});

test('more pages per request than Document AI takes online are refused', () => {
  expect(() => loadExtractionConfig({ ...base, DOCUMENTAI_PROCESSOR: processor, DOCUMENTAI_PAGES_PER_REQUEST: '31' })).toThrow(/DOCUMENTAI_PAGES_PER_REQUEST/);
});

test('plaintext is refused for an endpoint that is not loopback', () => {
  for (const endpoint of ['eu-documentai.googleapis.com', '10.0.0.5:8080', undefined]) {
    const env = { ...base, DOCUMENTAI_PROCESSOR: processor, DOCUMENTAI_PLAINTEXT: 'true', ...(endpoint ? { DOCUMENTAI_ENDPOINT: endpoint } : {}) };
    expect(() => loadExtractionConfig(env)).toThrow(ConfigError);
    expect(() => loadExtractionConfig(env)).toThrow(/DOCUMENTAI_PLAINTEXT/);
  }
});

test('plaintext is accepted for a loopback endpoint (a local fake or emulator)', () => {
  for (const endpoint of ['127.0.0.1:7001', 'localhost:7001', '[::1]:7001']) {
    const settings = documentAiSettings(loadExtractionConfig({ ...base, DOCUMENTAI_PROCESSOR: processor, DOCUMENTAI_PLAINTEXT: 'true', DOCUMENTAI_ENDPOINT: endpoint }));
    expect(settings).toMatchObject({ plaintext: true, port: 7001 });
  }
});

test('provider settings without a processor are refused rather than silently ignored', () => {
  expect(() => loadExtractionConfig({ ...base, DOCUMENTAI_ENDPOINT: '127.0.0.1:7001' })).toThrow(/DOCUMENTAI_ENDPOINT/);
});
