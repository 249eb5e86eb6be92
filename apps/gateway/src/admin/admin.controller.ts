import { Body, Controller, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import type { AdminWorkspace } from '@platica/contracts';
import type { MintedToken } from '../oauth/access-token.repository';
import { AdminTokenGuard } from './admin-token.guard';
import { SeedService } from './seed.service';
import { TokenMintingService } from './token-minting.service';
import { WorkspaceSettingsService } from './workspace-settings.service';

/** The dashboard's part of the API, for operators, demos and tests (ARCHITECTURE.md › Admin API). */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(
    private readonly seeds: SeedService,
    private readonly tokens: TokenMintingService,
    private readonly workspaces: WorkspaceSettingsService,
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

  /** The operator's settings of a workspace: `{creditLimit}` (billable messages per billing period, null for none). */
  @Patch('workspaces/:workspaceId')
  @HttpCode(200)
  updateWorkspace(@Param('workspaceId') workspaceId: string, @Body() body: unknown): Promise<AdminWorkspace> {
    return this.workspaces.update(workspaceId, body);
  }
}
