import { Injectable } from '@nestjs/common';
import type { SeedTemplate } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { Database, newId } from '@platica/platform';
import { Template } from './template.entity';

@Injectable()
export class TemplateRepository {
  constructor(private readonly db: Database) {}

  /** The seed's templates, matched by name and language; `channelRef` resolved by the seed's channels section. */
  async applySeed(workspaceId: string, items: SeedTemplate[], channelIds: Record<string, string>): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    await this.db.em().transactional(async (em) => {
      items.forEach((item, index) => {
        if (!channelIds[item.channelRef]) {
          throw DomainError.validation([
            { path: ['templates', index, 'channelRef'], message: `no channel "${item.channelRef}" in the document` },
          ]);
        }
      });
      for (const item of items) {
        const values = {
          channelId: channelIds[item.channelRef]!,
          category: item.category,
          status: item.status,
          body: item.body,
          header: item.header ?? null,
          footer: item.footer ?? null,
          buttons: item.buttons,
        };
        const existing = await em.findOne(Template, { workspaceId, name: item.name, language: item.language });
        if (existing) em.assign(existing, values);
        const template =
          existing ?? em.create(Template, { id: newId('tpl'), workspaceId, name: item.name, language: item.language, ...values });
        ids[item.ref ?? `${item.name}:${item.language}`] = template.id;
      }
    });
    return ids;
  }

  /** The workspace's templates, of one channel or status when asked, by name and language. */
  list(workspaceId: string, filters: { channelId?: string; status?: Template['status'] }): Promise<Template[]> {
    const where = {
      workspaceId,
      ...(filters.channelId ? { channelId: filters.channelId } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    };
    return this.db.em().find(Template, where, { orderBy: { name: 'asc', language: 'asc' } });
  }

  /** The workspace's templates with this name (one per language). */
  findByName(workspaceId: string, name: string): Promise<Template[]> {
    return this.db.em().find(Template, { workspaceId, name }, { orderBy: { language: 'asc' } });
  }
}
