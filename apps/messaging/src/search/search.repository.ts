import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';
import { TEXT_QUERY, type SearchTerms } from './search-terms';

/** What a search asks PostgreSQL before it runs. */
@Injectable()
export class SearchRepository {
  constructor(private readonly db: Database) {}

  /** The search with its words' text query (search-terms.ts › TEXT_QUERY), as the search needs it. */
  async withTextQuery(search: SearchTerms): Promise<SearchTerms> {
    if (search.kind !== 'words' || !search.textWords.length) return search;
    const [row] = await this.db.execute<{ query: string | null }[]>(TEXT_QUERY, [JSON.stringify(search.textWords)]);
    return { ...search, textQuery: row?.query ?? null };
  }
}
