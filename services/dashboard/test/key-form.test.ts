import type { FastifyRequest } from 'fastify';
import { keyForm } from '../src/account/account.controller.js';

const form = (body: Record<string, string>) => ({ body }) as unknown as FastifyRequest;

test('a key\'s daily page limit is empty (none) or 1 or more, as the form says: "0" and "00" are refused, not read as none', () => {
  expect(keyForm(form({ name: 'ci', daily_page_limit: '' }))).toEqual({ name: 'ci', limit: 0 });
  expect(keyForm(form({ name: 'ci', daily_page_limit: '1' }))).toEqual({ name: 'ci', limit: 1 });
  for (const bad of ['0', '00', '-1', '1.5']) expect([bad, keyForm(form({ name: 'ci', daily_page_limit: bad }))]).toEqual([bad, { error: expect.stringMatching(/whole number from 1 to/) }]);
});
