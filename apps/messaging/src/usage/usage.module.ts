import { Module } from '@nestjs/common';
import { CreditRepository } from './credit.repository';
import { CreditService } from './credit.service';
import { UsageController } from './usage.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/**
 * `/v1/usage/*`: figures from the aggregates the `usage_aggregates` migration's triggers keep;
 * and the credit limit every send path asks (`CreditService`).
 */
@Module({
  controllers: [UsageController],
  providers: [UsageRepository, UsageService, CreditRepository, CreditService],
  exports: [CreditService, UsageService],
})
export class UsageModule {}
