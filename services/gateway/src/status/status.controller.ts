import { Controller, Get, Header, Headers, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/route-flags.js';
import { StatusService } from './status.service.js';
import { statusHtml, statusJson, wantsJson } from './status-report.js';

/**
 * `GET /status` (the spec's status page, on the service's host, outside /v1): unauthenticated and not
 * rate limited (public routes skip both guards). HTML for people, JSON for `Accept: application/json`.
 * Always 200 when the gateway answers: the body says what is down.
 */
@Public()
@Controller('status')
export class StatusController {
  constructor(private readonly status: StatusService) {}

  @Get()
  @Header('cache-control', 'no-store')
  @Header('vary', 'Accept')
  async page(@Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.status.report();
    if (wantsJson(accept)) {
      reply.header('content-type', 'application/json; charset=utf-8');
      return statusJson(report);
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    return statusHtml(report);
  }
}
