import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/route-flags.js';
import { openApiJson } from './openapi-document.js';

/** `GET /v1/openapi.json`: the OpenAPI 3.1 document of the public API; unauthenticated and not rate limited. */
@Public()
@Controller('v1/openapi.json')
export class OpenApiController {
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  document(): string {
    return openApiJson;
  }
}
