import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module';
import { ChannelsModule } from '../channels/channels.module';
import { ClientsModule } from '../clients/clients.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { GraphModule } from '../graph/graph.module';
import { MessagesModule } from '../messages/messages.module';
import { NotesModule } from '../notes/notes.module';
import { TurnMediaService } from './turn-media.service';
import { TurnsService } from './turns.service';

/** What the agent runtime asks of messaging during a turn: its context, and storing (and delivering) its reply. */
@Module({
  imports: [UsageModule, ChannelsModule, ClientsModule, ConversationsModule, MessagesModule, GraphModule, NotesModule],
  providers: [TurnsService, TurnMediaService],
  exports: [TurnsService, TurnMediaService],
})
export class TurnsModule {}
