import { Injectable } from '@nestjs/common';
import type { SeedCustomField } from '@platica/contracts';
import { Database, newId } from '@platica/platform';
import { CustomField } from './custom-field.entity';

@Injectable()
export class CustomFieldRepository {
  constructor(private readonly db: Database) {}

  /** The seed's custom fields, matched by key. */
  async applySeed(workspaceId: string, items: SeedCustomField[]): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    await this.db.em().transactional(async (em) => {
      for (const item of items) {
        const existing = await em.findOne(CustomField, { workspaceId, key: item.key });
        if (existing) {
          em.assign(existing, { type: item.type, active: item.active });
          ids[item.key] = existing.id;
        } else {
          ids[item.key] = em.create(CustomField, { id: newId('cf'), workspaceId, key: item.key, type: item.type, active: item.active }).id;
        }
      }
    });
    return ids;
  }

  /** Keys of the workspace's active custom fields, by workspace. */
  async activeKeys(workspaceIds: string[]): Promise<Map<string, Set<string>>> {
    const rows = workspaceIds.length ? await this.db.em().find(CustomField, { workspaceId: { $in: workspaceIds }, active: true }) : [];
    const keys = new Map<string, Set<string>>(workspaceIds.map((id) => [id, new Set<string>()]));
    for (const row of rows) keys.get(row.workspaceId)?.add(row.key);
    return keys;
  }
}
