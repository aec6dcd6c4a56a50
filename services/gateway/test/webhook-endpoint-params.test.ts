import { parseCreate } from '../src/webhooks/webhook-endpoints.controller.js';

const url = 'https://hooks.example.com/exs';

describe('webhook endpoint creation parameters', () => {
  test('a description of 256 characters is accepted, the webhooks service\'s own limit', () => {
    expect(parseCreate({ url, description: 'd'.repeat(256) }).description).toHaveLength(256);
  });

  test('a description of 257 characters is 400 invalid_schema at the gateway, with the limit in the message', () => {
    expect(() => parseCreate({ url, description: 'd'.repeat(257) }))
      .toThrow(expect.objectContaining({ code: 'invalid_schema', detail: '/description: must NOT have more than 256 characters' }));
  });
});
