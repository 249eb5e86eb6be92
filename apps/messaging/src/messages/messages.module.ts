import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { ChannelsModule } from '../channels/channels.module';
import { ClientsModule } from '../clients/clients.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { GraphModule } from '../graph/graph.module';
import { ScheduledModule } from '../scheduled/scheduled.module';
import { TemplatesModule } from '../templates/templates.module';
import { BatchTransaction } from './batch-transaction.repository';
import { GraphDelivery } from './graph-delivery';
import { MessagingConfigModule } from '../config/messaging-config.module';
import { MessageRepository } from './message.repository';
import { MessagesController } from './messages.controller';
import { SendMessageService } from './send-message.service';
import { KeyedSends } from './keyed-sends';
import { UnconfirmedSends } from './unconfirmed-sends';

/** `POST /v1/messages` and `/v1/messages/template` (immediate or handed to the scheduler), and message storage. */
@Module({
  imports: [
    UsageModule,
    ChannelsModule,
    ClientsModule,
    ConversationsModule,
    CustomFieldsModule,
    TemplatesModule,
    GraphModule,
    ScheduledModule,
    MessagingConfigModule,
  ],
  controllers: [MessagesController],
  providers: [MessageRepository, GraphDelivery, SendMessageService, BatchTransaction, KeyedSends, UnconfirmedSends],
  exports: [MessageRepository, GraphDelivery, SendMessageService, BatchTransaction, UnconfirmedSends],
})
export class MessagesModule {}
