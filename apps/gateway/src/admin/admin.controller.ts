import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { mintTokenRequestSchema } from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { AccessTokenRepository, type MintedToken } from '../oauth/access-token.repository';
import { AdminTokenGuard } from './admin-token.guard';
import { SeedService } from './seed.service';

/** The dashboard's part of the API, for operators, demos and tests (ARCHITECTURE.md › Admin API). */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(
    private readonly seeds: SeedService,
    private readonly accessTokens: AccessTokenRepository,
  ) {}

  @Post('seed')
  @HttpCode(200)
  seed(@Body() document: unknown): Promise<Record<string, unknown>> {
    return this.seeds.apply(document);
  }

  /** Mints an OAuth access token (`pl_at_…`) for a user over some of their workspaces, for tests and scripts. */
  @Post('tokens')
  @HttpCode(201)
  mintToken(@Body() body: unknown): Promise<MintedToken> {
    // An admin route of the gateway, not an operation: no `@Handles` validated this body.
    const request = parseOrThrow(mintTokenRequestSchema, body, 'Invalid token request');
    return this.accessTokens.mint({ ...request, ttlSeconds: request.expiresInSeconds });
  }
}
