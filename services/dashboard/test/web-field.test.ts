import type { FastifyRequest } from 'fastify';
import { FieldTooLongError, field } from '../src/web.js';

const form = (body: Record<string, unknown>) => ({ body }) as unknown as FastifyRequest;

test('a form field up to its maximum is read as typed; one character more is refused, never cut', () => {
  expect(field(form({ amount: '25.00' }), 'amount', 20)).toBe('25.00');
  expect(field(form({ amount: 'x'.repeat(20) }), 'amount', 20)).toBe('x'.repeat(20));
  // Cut to 20 characters this would read as USD 25.
  expect(() => field(form({ amount: `25.00${' '.repeat(15)}1` }), 'amount', 20)).toThrow(FieldTooLongError);
});

test('absent, repeated (array) or non-text fields read as empty', () => {
  expect(field(form({}), 'amount', 20)).toBe('');
  expect(field(form({ amount: ['1', '2'] }), 'amount', 20)).toBe('');
  expect(field({ body: undefined } as unknown as FastifyRequest, 'amount', 20)).toBe('');
});
