import { OutboxEvent, sourcePath, type DatabaseDefinition } from '@platica/platform';
import { messagingMigrations } from '../migrations';
import { AssignmentSetting } from './conversations/assignment-setting.entity';
import { Channel } from './channels/channel.entity';
import { Client } from './clients/client.entity';
import { Conversation } from './conversations/conversation.entity';
import { ConversationRead } from './conversations/conversation-read.entity';
import { CannedReply } from './notes/canned-reply.entity';
import { ConversationNote } from './notes/conversation-note.entity';
import { CustomField } from './custom-fields/custom-field.entity';
import { InboundEvent } from './inbound/inbound-event.entity';
import { InboundRejection } from './inbound/inbound-rejection.entity';
import { Message } from './conversations/message.entity';
import { ScheduledMessage } from './scheduled/scheduled-message.entity';
import { Template } from './templates/template.entity';
import { EvaluationUsage } from './usage/evaluation-usage.entity';
import { UsageAssistedConversation, UsageConversationBucket, UsageMessageBucket, UsageTagBucket } from './usage/usage-aggregate.entity';

export const messagingDatabase: DatabaseDefinition = {
  schema: 'messaging',
  entities: [
    OutboxEvent,
    Channel,
    CustomField,
    Template,
    Client,
    Conversation,
    Message,
    InboundEvent,
    InboundRejection,
    ScheduledMessage,
    UsageConversationBucket,
    UsageTagBucket,
    UsageAssistedConversation,
    UsageMessageBucket,
    EvaluationUsage,
    AssignmentSetting,
    ConversationRead,
    ConversationNote,
    CannedReply,
  ],
  migrations: messagingMigrations,
  migrationsSourceDir: sourcePath(__dirname, 'apps/messaging/migrations'),
};
