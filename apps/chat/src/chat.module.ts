import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { ChatController } from './chat.controller';
import { ChatConfigService, type ChatConfig } from './config/chat.config';
import { ChatTurnsService } from './turns/chat-turns.service';
import { TurnWorkflows } from './turns/chat-turn.workflows';

/** Chat threads with agents: `/v1/chat*`, immediate and scheduled turns. */
@Module({
  controllers: [ChatController],
  providers: [
    // runService validated the environment with chatConfigSchema.
    {
      provide: ChatConfigService,
      useFactory: (config: ServiceConfig) => new ChatConfigService(config.values as ChatConfig),
      inject: [ServiceConfig],
    },
    TurnWorkflows,
    ChatTurnsService,
  ],
})
export class ChatModule {}
