import { defineEntity, p } from '@mikro-orm/core';

/** A workspace-defined client field; only active ones are accepted and shown (spec › Chat rule 4). */
const CustomFieldSchema = defineEntity({
  name: 'CustomField',
  tableName: 'custom_field',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    key: p.text(),
    type: p.text().$type<'string' | 'number' | 'boolean' | 'date'>(),
    active: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'key'], name: 'custom_field_workspace_key_unique' }],
});
export class CustomField extends CustomFieldSchema.class {}
CustomFieldSchema.setClass(CustomField);
