import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '@exs/platform';
import { message } from './views/pages.js';
import { FieldTooLongError, sendPage } from './web.js';

/**
 * Errors as pages: an over-long form field is 400; an HTTP error (an unknown route) keeps its status; anything else is a dependency that
 * failed or did not answer in time (the gateway, billing, Redis, the database), answered 503 with a
 * static message and logged, never a stack or an address.
 */
@Catch()
export class PageErrorsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    if (reply.sent) return;
    // Probes keep terminus' own body (which dependency is down) for operators.
    if (err instanceof HttpException && http.getRequest<FastifyRequest>().url.startsWith('/healthz/')) {
      void reply.code(err.getStatus()).send(err.getResponse());
      return;
    }
    const ctx = { csrf: '' };
    if (err instanceof FieldTooLongError) return sendPage(reply, 400, message(ctx, 'Request refused', 'A field of this form is longer than it accepts. Go back and shorten it.', 'error'));
    if (err instanceof HttpException) {
      const status = err.getStatus();
      return sendPage(reply, status, message(ctx, status === 404 ? 'Not found' : 'Request refused', status === 404 ? 'There is no such page.' : 'The request could not be served.', 'error'));
    }
    this.logger.error({ err }, 'page failed');
    sendPage(reply, 503, message(ctx, 'Temporarily unavailable', 'Something on our side is not answering right now. Please try again in a minute.', 'error'));
  }
}
