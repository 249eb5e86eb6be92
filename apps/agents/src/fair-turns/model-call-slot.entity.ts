import { defineEntity, p } from '@mikro-orm/core';

/**
 * A model call's place in the bound on model calls in flight (docs/agents.md › Fair turns across
 * workspaces): held (`grantedAt` set) while the call runs, waiting otherwise. Kept in
 * PostgreSQL so the bound holds across the agents service's replicas and restarts; a row whose
 * `expiresAt` passed (its worker stopped during the call, its turn stopped waiting) counts for
 * nothing and goes with the next grant. A row may also be a deferred turn of a workspace over its
 * bound: a turn asked for while its workspace's calls already wait, kept here instead of as a
 * workflow until its slot comes, or until it is among the few started ahead of their slots.
 */
const ModelCallSlotSchema = defineEntity({
  name: 'ModelCallSlot',
  tableName: 'model_call_slot',
  indexes: [{ properties: ['workspaceId', 'requestedAt'] }, { properties: ['workflowId'] }],
  properties: {
    /** The call: its workflow, run, turn and round (a retried attempt is the same call). */
    holder: p.text().primary(),
    workspaceId: p.text(),
    /** Whom to signal when a waiting call is given its slot. */
    workflowId: p.text(),
    /** When the call first asked: its place in its workspace's queue, after the calls whose answer is awaited. */
    requestedAt: p.datetime(),
    /** A chat turn's call: an API client holds its request open for the answer, so it waits ahead of its workspace's other calls. */
    answerAwaited: p.boolean().default(false),
    grantedAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
    /**
     * A deferred turn (its holder is its turn workflow's id): the customer messages it answers,
     * started as a turn when granted; its turn's first model call then takes the row over.
     */
    deferredMessageIds: p.json<string[]>().nullable(),
    /** A deferred turn's conversation. */
    conversationRef: p.text().nullable(),
    /**
     * A deferred turn started ahead of its slot (its workspace has few calls ready to take a freed
     * slot): its first model call takes the row over, and takes a free slot at once.
     */
    startedAt: p.datetime().nullable(),
  },
});
export class ModelCallSlot extends ModelCallSlotSchema.class {}
ModelCallSlotSchema.setClass(ModelCallSlot);
