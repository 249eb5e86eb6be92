import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { ChannelsModule } from '../channels/channels.module';
import { ClientsModule } from '../clients/clients.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { MessagesModule } from '../messages/messages.module';
import { TurnsModule } from '../turns/turns.module';
import { ChatReadsService } from './chat-reads.service';
import { ChatThreadsService } from './chat-threads.service';

/** Chat threads as the chat service stores and reads them (conversations of source `api_chat`). */
@Module({
  imports: [UsageModule, ChannelsModule, ClientsModule, ConversationsModule, CustomFieldsModule, MessagesModule, TurnsModule],
  providers: [ChatThreadsService, ChatReadsService],
  exports: [ChatThreadsService, ChatReadsService],
})
export class ChatModule {}
