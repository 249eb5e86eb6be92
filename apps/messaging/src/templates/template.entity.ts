import { defineEntity, p } from '@mikro-orm/core';

export interface TemplateHeader {
  type: 'text' | 'image' | 'video' | 'document';
  text?: string;
}
export interface TemplateButton {
  type: 'url' | 'phone_number' | 'quick_reply' | 'otp';
  text: string;
  url?: string;
  phoneNumber?: string;
}

/** A WhatsApp message template of a channel, as approved by Meta (created by the admin seed). */
const TemplateSchema = defineEntity({
  name: 'Template',
  tableName: 'template',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    channelId: p.text(),
    name: p.text(),
    language: p.text(),
    category: p.text(),
    status: p.text().$type<'approved' | 'pending' | 'rejected'>(),
    body: p.text(),
    header: p.json<TemplateHeader>().nullable(),
    footer: p.text().nullable(),
    buttons: p.json<TemplateButton[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'name', 'language'], name: 'template_workspace_name_language_unique' }],
});
export class Template extends TemplateSchema.class {}
TemplateSchema.setClass(Template);
