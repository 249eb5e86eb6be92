import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { AdminTokenGuard } from './admin-token.guard';
import { SeedService } from './seed.service';

/** The dashboard's part of the API, for operators, demos and tests (ARCHITECTURE.md › Admin API). */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(private readonly seeds: SeedService) {}

  @Post('seed')
  @HttpCode(200)
  seed(@Body() document: unknown): Promise<Record<string, unknown>> {
    return this.seeds.apply(document);
  }
}
