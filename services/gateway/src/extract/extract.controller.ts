import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { ClientGrpc } from '@nestjs/microservices';
import type { FastifyRequest } from 'fastify';
import { call, grpcClientToken, grpcService } from '@exs/platform';
import type { extractionV1 } from '@exs/contracts';
import { CurrentPrincipal } from '../auth/principal.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { fromGrpcError, fromOutcome } from '../edge/grpc-failure.js';
import { parseExtractionRequest } from './extraction-request.js';

/** `POST /v1/extract`: synchronous extraction of documents up to 20 pages. */
@Controller('v1/extract')
export class ExtractController {
  private readonly extraction: extractionV1.ExtractionServiceClient;

  constructor(@Inject(grpcClientToken('extraction')) client: ClientGrpc, @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.extraction = grpcService<extractionV1.ExtractionServiceClient>(client, 'extraction');
  }

  @Post()
  @HttpCode(200)
  async extract(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    const parsed = parseExtractionRequest(body);
    const res = await call(this.extraction.extract({
      accountId: principal.accountId,
      requestId: request.id,
      schemaJson: parsed.schemaJson,
      document: parsed.document,
    })).catch(fromGrpcError);
    if (res.error?.code) fromOutcome(res.error, this.config.TOP_UP_URL);
    return JSON.parse(res.resultJson!);
  }
}
