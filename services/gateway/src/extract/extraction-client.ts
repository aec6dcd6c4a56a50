import { Inject, Injectable } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';
import type { Principal } from '../accounts/api-keys.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { fromGrpcError, fromOutcome } from '../edge/grpc-failure.js';
import { parseExtractionRequest } from './extraction-request.js';

/** The calling key's daily page limit as the extraction service takes it (0 = the key has none). */
const keyPageLimit = (principal: Principal): number => principal.dailyPageLimit ?? 0;

/** The extraction service as the public endpoints use it: validated bodies in, public errors out. */
@Injectable()
export class ExtractionClient {
  private readonly extraction: extractionV1.ExtractionServiceClient;

  constructor(@Inject(grpcClientToken('extraction')) client: ClientGrpc, @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.extraction = grpcService<extractionV1.ExtractionServiceClient>(client, 'extraction');
  }

  /** Sync extraction: the result body. */
  async extract(principal: Principal, requestId: string, body: unknown): Promise<unknown> {
    const parsed = parseExtractionRequest(body);
    const res = await call(this.extraction.extract({ accountId: principal.accountId, requestId, ...parsed, dailyPageLimit: keyPageLimit(principal), apiKeyId: principal.keyId })).catch(fromGrpcError);
    if (res.error?.code) fromOutcome(res.error, this.config.TOP_UP_URL);
    return JSON.parse(res.resultJson!);
  }

  /** Job admission: the queued job. */
  async submitJob(principal: Principal, requestId: string, body: unknown): Promise<extractionV1.Job> {
    const parsed = parseExtractionRequest(body);
    const res = await call(this.extraction.submitJob({ accountId: principal.accountId, requestId, ...parsed, dailyPageLimit: keyPageLimit(principal), apiKeyId: principal.keyId })).catch(fromGrpcError);
    if (res.error?.code) fromOutcome(res.error, this.config.TOP_UP_URL);
    return res.job!;
  }

  /** The account's job, or null for unknown, foreign and expired ones. */
  async getJob(principal: Principal, jobId: string): Promise<extractionV1.Job | null> {
    const res = await call(this.extraction.getJob({ accountId: principal.accountId, jobId })).catch(fromGrpcError);
    if (res.error?.code && res.error.code !== 'not_found') fromOutcome(res.error, this.config.TOP_UP_URL);
    return res.job ?? null;
  }
}
