import { Injectable } from '@nestjs/common';
import { mintTokenRequestSchema } from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { AccessTokenRepository, type MintedToken } from '../oauth/access-token.repository';

/** The admin API's OAuth access tokens (`pl_at_…`), minted for a user over some of their workspaces, for tests and scripts. */
@Injectable()
export class TokenMintingService {
  constructor(private readonly accessTokens: AccessTokenRepository) {}

  mint(body: unknown): Promise<MintedToken> {
    // An admin route of the gateway, not an operation: no `@Handles` validated this body.
    const request = parseOrThrow(mintTokenRequestSchema, body, 'Invalid token request');
    return this.accessTokens.mint({ ...request, ttlSeconds: request.expiresInSeconds });
  }
}
