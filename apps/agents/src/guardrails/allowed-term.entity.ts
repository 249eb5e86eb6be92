import { defineEntity, p } from '@mikro-orm/core';

/** A term the guardrails' lexicon lets through in a workspace (spec › Guardrails: the workspace whitelist), stored normalised. */
const AllowedTermSchema = defineEntity({
  name: 'AllowedTerm',
  tableName: 'allowed_term',
  properties: {
    workspaceId: p.text().primary(),
    term: p.text().primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AllowedTerm extends AllowedTermSchema.class {}
AllowedTermSchema.setClass(AllowedTerm);
