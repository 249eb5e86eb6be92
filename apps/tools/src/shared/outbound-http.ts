import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import { createOutboundDispatcher } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';
import { sendOutbound, type OutboundCall, type RemoteAnswer } from './outbound-request';

/** Outbound requests to remote APIs (custom APIs, integrations' providers and their token endpoints), over one SSRF-guarded dispatcher. */
@Injectable()
export class OutboundHttp implements OnModuleDestroy {
  private readonly dispatcher: Dispatcher;

  constructor(private readonly config: ToolsConfigService) {
    this.dispatcher = createOutboundDispatcher(
      { allowPrivateNetworks: config.values.PLATICA_ALLOW_PRIVATE_NETWORKS },
      { connections: config.values.TOOLS_CONNECTIONS_PER_ORIGIN },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.dispatcher.close();
  }

  send(call: OutboundCall, timeoutMs: number): Promise<RemoteAnswer> {
    return sendOutbound(this.dispatcher, call, {
      timeoutMs,
      readLimitBytes: this.config.values.TOOLS_RESPONSE_READ_LIMIT_BYTES,
      allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS,
    });
  }
}
