import { defineEntity, p } from '@mikro-orm/core';
import type { TryOutcome } from './recorded-calls';

/** What a model call outside a turn was for. */
export type OutsideTurnPurpose = 'reply_draft' | 'knowledge_proposal';

/**
 * A model call made outside a turn (a person's reply draft, a knowledge proposal drafted from a
 * person's exchange): each try recorded as a turn's are in its turn log, so that the usage
 * figures (docs/usage.md › Model cost) count every call the workspace's models made.
 */
const ModelCallRecordSchema = defineEntity({
  name: 'ModelCallRecord',
  tableName: 'model_call_record',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    purpose: p.text().$type<OutsideTurnPurpose>(),
    /** What it was made for: the reply draft's id, the exchange's conversation. */
    subjectId: p.text(),
    /** The agent whose model settings chose the model. */
    agentId: p.text().nullable(),
    at: p.datetime(),
    /** The try as the turn log records one (model, connection, fallback index, tokens, cost, error). */
    call: p.json<TryOutcome & { model: string; provider: string | null; connectionId: string | null; fallbackIndex: number }>(),
  },
  indexes: [{ properties: ['workspaceId', 'at'], name: 'model_call_record_workspace_at_index' }],
});
export class ModelCallRecord extends ModelCallRecordSchema.class {}
ModelCallRecordSchema.setClass(ModelCallRecord);
