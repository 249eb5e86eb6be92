import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/** `/v1/usage/*`: figures from the aggregates the `usage_aggregates` migration's triggers keep. */
@Module({
  controllers: [UsageController],
  providers: [UsageRepository, UsageService],
})
export class UsageModule {}
