import { status } from '@grpc/grpc-js';
import { Logger, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { lastValueFrom, type Observable } from 'rxjs';
import { DependencyOutageFilter } from '@exs/platform';

// Nest logs unknown exceptions (the bug case) through its static logger; not this test's output.
beforeAll(() => Logger.overrideLogger(false));

const rpcHost = { getType: () => 'rpc' } as unknown as ArgumentsHost;

/** What the gRPC server sends back for an exception a handler threw. */
const answer = (filter: DependencyOutageFilter, exception: unknown) =>
  lastValueFrom(filter.catch(exception, rpcHost) as Observable<unknown>).then(() => undefined, (sent: unknown) => sent);

test('a handler that found no pooled connection in time answers UNAVAILABLE and logs why', async () => {
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => warnings.push(args) };
  const filter = new DependencyOutageFilter(new BaseExceptionFilter(), logger as never);
  const saturated = Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });
  expect(await answer(filter, saturated)).toMatchObject({ code: status.UNAVAILABLE });
  expect(warnings).toHaveLength(1);
});

test('a handler that failed on a bug is not answered UNAVAILABLE', async () => {
  const filter = new DependencyOutageFilter(new BaseExceptionFilter());
  const sent = await answer(filter, new TypeError("Cannot read properties of undefined (reading 'id')"));
  expect(sent).not.toMatchObject({ code: status.UNAVAILABLE });
});
