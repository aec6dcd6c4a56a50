import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import type { FastifyRequest } from 'fastify';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import { NotRateLimited } from '../auth/route-flags.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { ApiError } from '../edge/api-error.js';
import { fromGrpcError, fromOutcome } from '../edge/grpc-failure.js';
import { listPage, parseListQuery } from '../edge/list-page.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ExtractionClient } from '../extract/extraction-client.js';
import { jobListItemView, jobView } from './job-view.js';

const JOB_ID = /^job_[0-9a-f]{24}$/;

/** `POST /v1/jobs` (async, up to 200 pages), `GET /v1/jobs` (the account's jobs) and `GET /v1/jobs/:id`. */
@Controller('v1/jobs')
export class JobsController {
  private readonly jobs: extractionV1.ExtractionServiceClient;

  constructor(
    private readonly extraction: ExtractionClient,
    @Inject(grpcClientToken('extraction')) client: ClientGrpc,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.jobs = grpcService<extractionV1.ExtractionServiceClient>(client, 'extraction');
  }

  @Post()
  @HttpCode(202)
  async submit(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return jobView(await this.extraction.submitJob(principal, request.id, body));
  }

  /** Newest first, Stripe-style cursors, optionally one `state`; extraction owns jobs and reads the page. */
  @Get()
  async list(@Query() query: unknown, @CurrentPrincipal() principal: Principal) {
    const { limit, startingAfter, endingBefore, filters } = parseListQuery<{ state: string }>('/v1/jobs', query);
    const res = await call(this.jobs.listJobs({
      accountId: principal.accountId, limit, startingAfter: startingAfter ?? '', endingBefore: endingBefore ?? '', state: filters.state ?? '',
    })).catch(fromGrpcError);
    if (res.error?.code) fromOutcome(res.error, this.config.TOP_UP_URL);
    return listPage('/v1/jobs', (res.list?.jobs ?? []).map(jobListItemView), res.list?.hasMore ?? false);
  }

  @Get(':id')
  @NotRateLimited()
  async get(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    const job = JOB_ID.test(id) ? await this.extraction.getJob(principal, id) : null;
    if (!job) throw new ApiError('not_found');
    return jobView(job);
  }
}
