import { Module } from '@nestjs/common';
import { ServiceConfig } from '@platica/platform';
import { ChannelRepository } from './channels/channel.repository';
import { ChannelSecretBox } from './channels/channel-secrets';
import { ChatController } from './chat/chat.controller';
import { ChatReadsService } from './chat/chat-reads.service';
import { ChatThreadsService } from './chat/chat-threads.service';
import { ClientRepository } from './clients/client.repository';
import { ClientsController } from './clients/clients.controller';
import { MessagingConfigService, type MessagingConfig } from './config/messaging.config';
import { ConversationRepository } from './conversations/conversation.repository';
import { ConversationsController } from './conversations/conversations.controller';
import { ConversationsService } from './conversations/conversations.service';
import { CustomFieldRepository } from './custom-fields/custom-field.repository';
import { MetaGraphAdapter } from './graph/meta-graph.adapter';
import { InboundController } from './inbound/inbound.controller';
import { InboundQueue } from './inbound/inbound-queue';
import { InboundService } from './inbound/inbound.service';
import { InboundStore } from './inbound/inbound-store';
import { InboundSubscriber } from './inbound/inbound-subscriber';
import { GraphDelivery } from './messages/graph-delivery';
import { MessageRepository } from './messages/message.repository';
import { MessagesController } from './messages/messages.controller';
import { SendMessageService } from './messages/send-message.service';
import { ScheduledMessageActivitiesFactory } from './scheduled/scheduled-message.activities';
import { ScheduledMessageRepository } from './scheduled/scheduled-message.repository';
import { ScheduledMessagesController } from './scheduled/scheduled-messages.controller';
import { ScheduledMessagesService } from './scheduled/scheduled-messages.service';
import { ScheduledWorkflows } from './scheduled/scheduled-workflows';
import { DueSoon } from './scheduled/due-soon';
import { ScheduledSendExecutor } from './scheduled/scheduled-send.executor';
import { ScheduledSendsDispatcher } from './scheduled/scheduled-sends.dispatcher';
import { SeedController } from './seed/seed.controller';
import { TemplateRepository } from './templates/template.repository';
import { TurnsController } from './turns/turns.controller';
import { TurnsService } from './turns/turns.service';

@Module({
  controllers: [
    SeedController,
    MessagesController,
    ConversationsController,
    ClientsController,
    InboundController,
    ScheduledMessagesController,
    ChatController,
    TurnsController,
  ],
  providers: [
    // runService validated the environment with messagingConfigSchema.
    {
      provide: MessagingConfigService,
      useFactory: (config: ServiceConfig) => new MessagingConfigService(config.values as MessagingConfig),
      inject: [ServiceConfig],
    },
    ChannelSecretBox,
    ChannelRepository,
    CustomFieldRepository,
    TemplateRepository,
    ClientRepository,
    ConversationRepository,
    MessageRepository,
    MetaGraphAdapter,
    GraphDelivery,
    SendMessageService,
    ConversationsService,
    InboundStore,
    InboundQueue,
    InboundService,
    InboundSubscriber,
    ScheduledMessageRepository,
    ScheduledWorkflows,
    ScheduledMessagesService,
    ScheduledMessageActivitiesFactory,
    DueSoon,
    ScheduledSendExecutor,
    ScheduledSendsDispatcher,
    ChatThreadsService,
    ChatReadsService,
    TurnsService,
  ],
})
export class MessagingModule {}
