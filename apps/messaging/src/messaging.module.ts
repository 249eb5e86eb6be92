import { Module } from '@nestjs/common';
import { CampaignSendsModule } from './campaign-sends/campaign-sends.module';
import { ChannelsModule } from './channels/channels.module';
import { ChatModule } from './chat/chat.module';
import { ClientsModule } from './clients/clients.module';
import { ConversationsModule } from './conversations/conversations.module';
import { MessagingConfigModule } from './config/messaging-config.module';
import { CustomFieldsModule } from './custom-fields/custom-fields.module';
import { ExpiryModule } from './expiry/expiry.module';
import { InboundModule } from './inbound/inbound.module';
import { InternalModule } from './internal/internal.module';
import { MessagesModule } from './messages/messages.module';
import { ModerationModule } from './moderation/moderation.module';
import { NotesModule } from './notes/notes.module';
import { ScheduledMessageActivitiesFactory } from './scheduled-dispatch/scheduled-message.activities';
import { ScheduledSendExecutor } from './scheduled-dispatch/scheduled-send.executor';
import { ScheduledSendsDispatcher } from './scheduled-dispatch/scheduled-sends.dispatcher';
import { ScheduledModule } from './scheduled/scheduled.module';
import { SeedModule } from './seed/seed.module';
import { TemplatesModule } from './templates/templates.module';
import { TurnsModule } from './turns/turns.module';
import { UsageModule } from './usage/usage.module';

/** Messaging: one module per feature folder, and the handlers other services call in internal/. */
@Module({
  imports: [
    MessagingConfigModule,
    ChannelsModule,
    CustomFieldsModule,
    TemplatesModule,
    ClientsModule,
    ConversationsModule,
    MessagesModule,
    NotesModule,
    ModerationModule,
    ScheduledModule,
    InboundModule,
    ChatModule,
    TurnsModule,
    SeedModule,
    CampaignSendsModule,
    UsageModule,
    ExpiryModule,
    InternalModule,
  ],
  // Scheduled sends run through messages, which schedules through scheduled: their dispatch and
  // activities are composed here, where both are imported, instead of a cycle between the two modules.
  providers: [ScheduledSendExecutor, ScheduledSendsDispatcher, ScheduledMessageActivitiesFactory],
})
export class MessagingModule {}
