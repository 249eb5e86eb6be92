import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '@platica/errors';
import { ServiceConfig, TokenSigner } from '@platica/platform';

/**
 * `pageToken` of the campaigns service's listings (`GET /v1/campaigns`, a run's recipients), as
 * messaging's listings make theirs (docs/sending-messages.md › Page tokens): signed, carrying
 * the listing, the last row's keyset position and a fingerprint of the filters and scope it was
 * issued for, so a forged token, another listing's or one replayed with other filters is a 400
 * naming `pageToken` and nothing unverified reaches a query.
 */
export type CampaignListing = 'campaigns' | 'run-recipients';

const tokenSchema = z.object({ v: z.literal(1), l: z.string(), f: z.string(), s: z.string(), i: z.string() });

@Injectable()
export class CampaignPageTokens {
  private readonly signer: TokenSigner;

  constructor(config: ServiceConfig) {
    this.signer = TokenSigner.fromConfig('campaigns-page-token', config.values);
  }

  encode(listing: CampaignListing, filters: Record<string, unknown>, position: { value: string; id: string }): string {
    return this.signer.sign({ v: 1, l: listing, f: fingerprint(filters), s: position.value, i: position.id });
  }

  decode(listing: CampaignListing, token: string, filters: Record<string, unknown>): { value: string; id: string } {
    const parsed = tokenSchema.safeParse(this.signer.verify(token));
    if (!parsed.success || parsed.data.l !== listing) {
      throw DomainError.validation(
        [{ path: ['pageToken'], message: 'not a page token of this listing: send nextPageToken unchanged' }],
        'Invalid pageToken',
      );
    }
    if (parsed.data.f !== fingerprint(filters)) {
      throw DomainError.validation(
        [{ path: ['pageToken'], message: 'the filters changed since this token was issued: start again without pageToken' }],
        'Invalid pageToken',
      );
    }
    return { value: parsed.data.s, id: parsed.data.i };
  }
}

function fingerprint(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((key) => [key, filters[key]]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}
