import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';
import { AllowedTerm } from './allowed-term.entity';
import { normalizeTerm } from './lexicon';

/** The workspace whitelist of the guardrails' lexicon. */
@Injectable()
export class AllowedTermRepository {
  constructor(private readonly db: Database) {}

  async list(workspaceId: string): Promise<string[]> {
    const rows = await this.db.em().find(AllowedTerm, { workspaceId }, { orderBy: { term: 'asc' } });
    return rows.map((row) => row.term);
  }

  /** Adds the terms missing from the whitelist (the seed: nothing is removed). */
  async add(workspaceId: string, terms: string[]): Promise<void> {
    const wanted = [...new Set(terms.map(normalizeTerm).filter(Boolean))];
    if (!wanted.length) return;
    await this.db.em().transactional(async (em) => {
      const existing = new Set((await em.find(AllowedTerm, { workspaceId, term: { $in: wanted } })).map((row) => row.term));
      for (const term of wanted.filter((t) => !existing.has(t))) em.create(AllowedTerm, { workspaceId, term });
    });
  }

  /** Replaces the whole whitelist (the admin API). */
  async replace(workspaceId: string, terms: string[]): Promise<string[]> {
    const wanted = [...new Set(terms.map(normalizeTerm).filter(Boolean))].sort();
    await this.db.em().transactional(async (em) => {
      await em.nativeDelete(AllowedTerm, { workspaceId });
      for (const term of wanted) em.create(AllowedTerm, { workspaceId, term });
    });
    return wanted;
  }
}
