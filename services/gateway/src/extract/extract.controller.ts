import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal } from '../auth/principal.js';
import type { Principal } from '../accounts/api-keys.service.js';
import { ExtractionClient } from './extraction-client.js';

/** `POST /v1/extract`: synchronous extraction of documents up to 20 pages. */
@Controller('v1/extract')
export class ExtractController {
  constructor(private readonly extraction: ExtractionClient) {}

  @Post()
  @HttpCode(200)
  extract(@Body() body: unknown, @CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest) {
    return this.extraction.extract(principal, request.id, body);
  }
}
