import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { MessagingConfigService, type MessagingConfig } from './messaging.config';

@Module({
  providers: [
    // runService validated the environment with messagingConfigSchema.
    {
      provide: MessagingConfigService,
      useFactory: (config: ServiceConfig) => new MessagingConfigService(config.values as MessagingConfig),
      inject: [ServiceConfig],
    },
  ],
  exports: [MessagingConfigService],
})
export class MessagingConfigModule {}
