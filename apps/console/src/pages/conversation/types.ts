import type { Answer, Schema } from '../../api/schema';

/** A conversation as `GET /v1/conversations/{id}` answers it: the summary with its messages. */
export type ConversationDetail = Answer<'conversations_get'>['workspaces'][number]['conversations'][number];
export type ConversationMessage = Schema<'ConversationMessage'>;
export type TurnLogEntry = Schema<'TurnLogEntry'>;
export type MessageTemplate = Schema<'Template'>;
