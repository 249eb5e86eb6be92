import { defineEntity, p } from '@mikro-orm/core';
import { Agent } from './agent.entity';

/** One version of an agent's system prompt; the agent's `activePromptId` names the one in use. */
const PromptVersionSchema = defineEntity({
  name: 'PromptVersion',
  tableName: 'prompt_version',
  properties: {
    id: p.text().primary(),
    agent: () => p.manyToOne(Agent).deleteRule('cascade'),
    systemPrompt: p.text(),
    note: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['agent', 'createdAt'] }],
});
export class PromptVersion extends PromptVersionSchema.class {}
PromptVersionSchema.setClass(PromptVersion);
