import { Injectable } from '@nestjs/common';
import type { GatewayConfig } from './gateway.config';

/** The gateway's validated configuration, injectable. */
@Injectable()
export class GatewayConfigService {
  constructor(readonly values: GatewayConfig) {}

  /** The gateway's public base URL (OAuth metadata, challenges, the OpenAPI servers entry). */
  get publicUrl(): string {
    // Without a trailing slash: it is also the OAuth issuer, compared verbatim by clients (RFC 8414 §3.3).
    return (this.values.PLATICA_PUBLIC_URL ?? `http://127.0.0.1:${this.values.PLATICA_HTTP_PORT ?? 8080}`).replace(/\/+$/, '');
  }
}
