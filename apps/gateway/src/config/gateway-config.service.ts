import { Injectable } from '@nestjs/common';
import type { GatewayConfig } from './gateway.config';

/** The gateway's validated configuration, injectable. */
@Injectable()
export class GatewayConfigService {
  constructor(readonly values: GatewayConfig) {}
}
