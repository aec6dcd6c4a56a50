import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal } from '../auth/principal.js';
import { NotRateLimited } from '../auth/route-flags.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { ExtractionClient } from '../extract/extraction-client.js';
import { jobView } from './job-view.js';

const JOB_ID = /^job_[0-9a-f]{24}$/;

/** `POST /v1/jobs` (async, up to 200 pages) and `GET /v1/jobs/:id`. */
@Controller('v1/jobs')
export class JobsController {
  constructor(private readonly extraction: ExtractionClient) {}

  @Post()
  @HttpCode(202)
  async submit(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return jobView(await this.extraction.submitJob(principal, request.id, body));
  }

  @Get(':id')
  @NotRateLimited()
  async get(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    const job = JOB_ID.test(id) ? await this.extraction.getJob(principal, id) : null;
    if (!job) throw new ApiError('not_found');
    return jobView(job);
  }
}
