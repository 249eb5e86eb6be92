import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { MintedToken } from '../oauth/access-token.repository';
import { AdminTokenGuard } from './admin-token.guard';
import { SeedService } from './seed.service';
import { TokenMintingService } from './token-minting.service';

/** The dashboard's part of the API, for operators, demos and tests (ARCHITECTURE.md › Admin API). */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(
    private readonly seeds: SeedService,
    private readonly tokens: TokenMintingService,
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
    return this.tokens.mint(body);
  }
}
