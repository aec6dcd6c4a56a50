import { Controller, Get, Inject } from '@nestjs/common';
import { EngineInfo } from './engine-info.js';
import { Public } from '../auth/route-flags.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** `GET /v1/health`: public liveness, unauthenticated, never fans out to other services per request. */
@Public()
@Controller('v1/health')
export class PublicHealthController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig, private readonly engine: EngineInfo) {}

  @Get()
  health() {
    return { ok: true, version: this.config.BUILD_ID, calibrator_version: this.engine.calibratorVersion };
  }
}
