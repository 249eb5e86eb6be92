import { defineEntity, p } from '@mikro-orm/core';
import type { TestOutcome } from '@platica/contracts';
import type { StoredDefinition } from './custom-api-definition';
import { turnCallProperties } from '../shared/turn-call.entity';

/**
 * A workspace's custom HTTP API (spec › Custom API). `definition` is what reads show, with
 * every write-only value already replaced by `[REDACTED]`; the values themselves are in
 * `secretsSealed`, one sealed JSON object keyed by where each belongs (secrets encrypted at rest).
 */
const CustomApiSchema = defineEntity({
  name: 'CustomApi',
  tableName: 'custom_api',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    description: p.text(),
    status: p.enum(['draft', 'enabled', 'paused'] as const),
    definition: p.json<StoredDefinition>(),
    secretsSealed: p.text(),
    version: p.integer(),
    /** The catalog entry's id while published (the same identifier as the API's). */
    enabledFunctionRef: p.text().nullable(),
    lastTestOutcome: p.text().$type<TestOutcome>().nullable(),
    lastTestAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'name'], name: 'custom_api_workspace_name_unique' }],
  indexes: [{ properties: ['workspaceId', 'updatedAt'], name: 'custom_api_workspace_index' }],
});
export class CustomApi extends CustomApiSchema.class {}
CustomApiSchema.setClass(CustomApi);

/** One run of a custom API (a test or a tool call in a turn): the integration log (spec › Tools: custom APIs rule 4). */
const CustomApiRunSchema = defineEntity({
  name: 'CustomApiRun',
  tableName: 'custom_api_run',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    customApiId: p.text(),
    source: p.enum(['test', 'dry-run', 'agent'] as const),
    outcome: p.text().$type<TestOutcome>(),
    httpStatus: p.integer().nullable(),
    durationMs: p.integer(),
    method: p.text(),
    /** The URL as called, with write-only query values redacted. */
    url: p.text(),
    error: p.text().nullable(),
    ...turnCallProperties,
  },
  indexes: [
    { properties: ['customApiId', 'createdAt'], name: 'custom_api_run_api_index' },
    { properties: ['workspaceId', 'conversationId', 'createdAt'], name: 'custom_api_run_conversation_index' },
  ],
});
export class CustomApiRun extends CustomApiRunSchema.class {}
CustomApiRunSchema.setClass(CustomApiRun);
