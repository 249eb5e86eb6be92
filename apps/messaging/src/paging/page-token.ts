import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '@platica/errors';
import { ServiceConfig, TokenSigner } from '@platica/platform';

/**
 * `pageToken` of the keyset-paged listings (`GET /v1/conversations`, `GET /v1/messages/scheduled`, `GET /v1/clients`, `GET /v1/conversations/{id}/messages`):
 * opaque to clients, it carries the listing, the keyset position (the last row's sort value and
 * id) and a fingerprint of the filters, sort and workspaces it was issued for, so a token replayed
 * with other filters is refused instead of paging wrongly. Tokens are signed (TokenSigner), so the
 * position read back is one the server wrote: anything else is a 400 naming `pageToken`.
 */
export type PagedListing = 'conversations' | 'scheduled' | 'clients' | 'messages';

const tokenSchema = z.object({ v: z.literal(2), l: z.string(), f: z.string(), s: z.string(), i: z.string() });

export function filtersFingerprint(query: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(query)
      .sort()
      .map((key) => [key, query[key]]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

@Injectable()
export class PageTokens {
  private readonly signer: TokenSigner;

  constructor(config: ServiceConfig) {
    this.signer = TokenSigner.fromConfig('page-token', config.values);
  }

  encode(listing: PagedListing, fingerprint: string, position: { value: string; id: string }): string {
    return this.signer.sign({ v: 2, l: listing, f: fingerprint, s: position.value, i: position.id });
  }

  decode(listing: PagedListing, token: string, fingerprint: string): { value: string; id: string } {
    const parsed = tokenSchema.safeParse(this.signer.verify(token));
    if (!parsed.success || parsed.data.l !== listing) {
      throw DomainError.validation(
        [{ path: ['pageToken'], message: 'not a page token of this listing: send nextPageToken unchanged' }],
        'Invalid pageToken',
      );
    }
    if (parsed.data.f !== fingerprint) {
      throw DomainError.validation(
        [{ path: ['pageToken'], message: 'the filters or the sort changed since this token was issued: start again without pageToken' }],
        'Invalid pageToken',
      );
    }
    return { value: parsed.data.s, id: parsed.data.i };
  }
}
