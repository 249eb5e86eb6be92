import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema, ServiceConfig } from '@platica/platform';

export const campaignsConfigSchema = baseConfigSchema.extend({
  /** Messages per second a run sends through one channel (Meta's default WhatsApp throughput is 80); 0 = unthrottled. */
  CAMPAIGN_SEND_RATE: z.coerce.number().min(0).max(10_000).default(80),
  /** Per-channel rates overriding CAMPAIGN_SEND_RATE, as `wb-1=20,wb-2=0`. */
  CAMPAIGN_CHANNEL_RATES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const rates: Record<string, number> = {};
      for (const entry of value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const [channel, rate] = entry.split('=');
        const n = Number(rate);
        if (!channel || !Number.isFinite(n) || n < 0) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not <channelId>=<messages per second>` });
          return z.NEVER;
        }
        rates[channel] = n;
      }
      return rates;
    }),
});
export type CampaignsConfig = z.output<typeof campaignsConfigSchema>;

/** The campaigns service's configuration: the send rate of a channel. */
@Injectable()
export class CampaignsConfigService {
  readonly values: CampaignsConfig;
  constructor(config: ServiceConfig) {
    this.values = config.values as CampaignsConfig;
  }

  /** Messages per second for this channel; 0 = as fast as messaging takes them. */
  rateOf(channelId: string): number {
    return this.values.CAMPAIGN_CHANNEL_RATES[channelId] ?? this.values.CAMPAIGN_SEND_RATE;
  }
}
