import { Injectable } from '@nestjs/common';
import type { messagingOperations, OperationRequest } from '@platica/contracts';
import { writeScope } from '@platica/platform';
import { variableCount } from './template-message';
import { TemplateRepository } from './template.repository';

/** `GET /v1/templates`: what a person or integrator picks from to send a template (the console's composer). */
@Injectable()
export class TemplatesService {
  constructor(private readonly templates: TemplateRepository) {}

  async list(request: OperationRequest<typeof messagingOperations.templatesList>) {
    const rows = await this.templates.list(writeScope(request).id, request.query);
    const templates = rows.map((t) => ({
      id: t.id,
      channelId: t.channelId,
      name: t.name,
      language: t.language,
      category: t.category,
      status: t.status,
      body: t.body,
      header: t.header ?? null,
      footer: t.footer ?? null,
      buttons: t.buttons,
      variables: variableCount(t),
    }));
    return { templates, count: templates.length };
  }
}
