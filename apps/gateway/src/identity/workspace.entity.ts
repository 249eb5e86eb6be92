import { defineEntity, p } from '@mikro-orm/core';

const WorkspaceSchema = defineEntity({
  name: 'Workspace',
  tableName: 'workspace',
  properties: {
    id: p.text().primary(),
    name: p.text().unique(),
    timezone: p.text(),
    /** Billable messages per billing period; null: unlimited (docs/usage.md › Credit limit). */
    creditLimit: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Workspace extends WorkspaceSchema.class {}
WorkspaceSchema.setClass(Workspace);
