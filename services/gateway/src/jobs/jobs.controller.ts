import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import type { FastifyRequest } from 'fastify';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import { NotRateLimited } from '../auth/route-flags.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiError } from '../edge/api-error.js';
import { fromGrpcError, fromOutcome } from '../edge/grpc-failure.js';
import { parseExtractionRequest } from '../extract/extraction-request.js';
import { jobView } from './job-view.js';

const JOB_ID = /^job_[0-9a-f]{24}$/;

/** `POST /v1/jobs` (async, up to 200 pages) and `GET /v1/jobs/:id`. */
@Controller('v1/jobs')
export class JobsController {
  private readonly extraction: extractionV1.ExtractionServiceClient;

  constructor(@Inject(grpcClientToken('extraction')) client: ClientGrpc, @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.extraction = grpcService<extractionV1.ExtractionServiceClient>(client, 'extraction');
  }

  @Post()
  @HttpCode(202)
  async submit(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    const parsed = parseExtractionRequest(body);
    const res = await call(this.extraction.submitJob({
      accountId: principal.accountId,
      requestId: request.id,
      schemaJson: parsed.schemaJson,
      document: parsed.document,
    })).catch(fromGrpcError);
    if (res.error?.code) fromOutcome(res.error, this.config.TOP_UP_URL);
    return jobView(res.job!);
  }

  @Get(':id')
  @NotRateLimited()
  async get(@Param('id') id: string, @CurrentPrincipal() principal: Principal) {
    if (!JOB_ID.test(id)) throw new ApiError('not_found');
    const res = await call(this.extraction.getJob({ accountId: principal.accountId, jobId: id })).catch(fromGrpcError);
    if (res.error?.code || !res.job) throw new ApiError('not_found');
    return jobView(res.job);
  }
}
