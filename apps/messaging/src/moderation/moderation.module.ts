import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { MessagesModule } from '../messages/messages.module';
import { MessageFlagsController } from './message-flags.controller';
import { MessageFlagsService } from './message-flags.service';

/** A person's flag on a customer message, a strike through the guardrails' strike path (strikes.ts). */
@Module({
  imports: [ClientsModule, ConversationsModule, MessagesModule],
  controllers: [MessageFlagsController],
  providers: [MessageFlagsService],
})
export class ModerationModule {}
