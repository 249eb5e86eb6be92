import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import { createOutboundDispatcher } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';
import { sendOutbound, type OutboundCall, type RemoteAnswer } from '../shared/outbound-request';

/** Outbound requests to providers (their APIs and token endpoints), over an SSRF-guarded dispatcher of their own. */
@Injectable()
export class ProviderHttp implements OnModuleDestroy {
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
