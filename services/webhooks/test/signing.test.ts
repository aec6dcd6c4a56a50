import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { generateSecret, signedHeaders } from '../src/delivery/signing.js';

describe('webhook signing', () => {
  it('matches the Standard Webhooks reference vector', () => {
    const headers = signedHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330_000), '{"test": 2432232314}');
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('signs "id.timestamp.body" with HMAC-SHA256 keyed by the decoded secret', () => {
    const secret = generateSecret();
    const body = '{"type":"job.succeeded"}';
    const headers = signedHeaders(secret, 'msg_1', new Date(1_700_000_000_500), body);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.1700000000.${body}`).digest('base64');
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('produces headers the official verifier accepts', () => {
    const secret = generateSecret();
    const body = JSON.stringify({ type: 'job.failed', data: { job_id: 'j1' } });
    const headers = signedHeaders(secret, 'msg_2', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('produces signatures the verifier rejects for a different secret', () => {
    const body = '{}';
    const headers = signedHeaders(generateSecret(), 'msg_3', new Date(), body);
    expect(() => new Webhook(generateSecret()).verify(body, { ...headers })).toThrow();
  });

  it('generates secrets as whsec_ plus 32 random bytes in base64', () => {
    const a = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(a);
  });
});
