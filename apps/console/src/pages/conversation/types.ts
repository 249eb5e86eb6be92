import type { components, paths } from '../../api/openapi';

type DetailResponse = paths['/v1/conversations/{id}']['get']['responses'][200]['content']['application/json'];

/** A conversation as `GET /v1/conversations/{id}` answers it: the summary with its messages. */
export type ConversationDetail = DetailResponse['workspaces'][number]['conversations'][number];
export type ConversationMessage = components['schemas']['ConversationMessage'];
export type TurnLogEntry = components['schemas']['TurnLogEntry'];
export type MessageTemplate = components['schemas']['Template'];
