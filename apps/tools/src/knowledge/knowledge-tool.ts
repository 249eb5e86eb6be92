import { Injectable } from '@nestjs/common';
import type { RuntimeExecuteResult } from '@platica/contracts';
import type { Transaction } from '@platica/platform';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import type { KnowledgeBase } from './knowledge.entity';
import { KnowledgeSearch } from './search/knowledge-search';

/** Passages a model gets per search: enough to answer, few enough to keep its context small. */
const PASSAGES = 5;

/** The catalog name of a base's search tool: `knowledge_` and the base's name folded to what tool names allow. */
export function knowledgeToolName(name: string, suffix = ''): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `knowledge_${slug || 'base'}`.slice(0, 64 - suffix.length) + suffix;
}

function description(base: KnowledgeBase): string {
  const about = base.description ? ` ${base.description.slice(0, 500)}` : '';
  return `Search the knowledge base "${base.name}".${about} Returns the passages (results) that best match the query, each with its title and URL; answer from them and cite them.`;
}

const PARAMETERS = {
  type: 'object',
  properties: { query: { type: 'string', description: "what to look for, in the customer's words" } },
  required: ['query'],
  additionalProperties: false,
};

/**
 * A knowledge base as a catalog tool (docs/knowledge.md › Agents): every base publishes one search
 * tool (its id is the base's), connected to agents like any tool; a call answers the passages.
 */
@Injectable()
export class KnowledgeTool {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly searcher: KnowledgeSearch,
  ) {}

  async publish(transaction: Transaction, base: KnowledgeBase): Promise<void> {
    let name = knowledgeToolName(base.name);
    if (await this.catalog.nameTaken(base.workspaceId, name, base.id, transaction))
      name = knowledgeToolName(base.name, `_${base.id.slice(-6)}`);
    this.catalog.createEntry(transaction, {
      id: base.id,
      workspaceId: base.workspaceId,
      name,
      description: description(base),
      kind: 'knowledge',
      parameters: PARAMETERS,
      status: PUBLISHED,
      mcpId: null,
      mcpToolName: null,
      integrationId: null,
      knowledgeBaseId: base.id,
      updatedAt: new Date(),
    });
  }

  /** The name stays (agents' prompts may name it); the description follows the base's. */
  async describe(transaction: Transaction, base: KnowledgeBase): Promise<void> {
    const entry = await this.catalog.find(base.workspaceId, base.id, transaction);
    if (entry) Object.assign(entry, { description: description(base), updatedAt: new Date() });
  }

  async withdraw(transaction: Transaction, base: KnowledgeBase): Promise<void> {
    await this.catalog.removeConnectionsOf(base.workspaceId, base.id, transaction);
    await this.catalog.deleteEntry(transaction, base.workspaceId, base.id);
  }

  /** A turn's call: the passages, or what was wrong with the arguments (the model's to read). */
  async run(tool: CatalogTool, args: Record<string, unknown>): Promise<RuntimeExecuteResult> {
    const started = performance.now();
    const query = typeof args.query === 'string' ? args.query.trim().slice(0, 1_000) : '';
    if (!query) return { ok: false, outcome: 'mapping-error', httpStatus: null, durationMs: 0, output: 'give a non-empty "query"' };
    const found = await this.searcher.search(tool.workspaceId, [tool.knowledgeBaseId ?? tool.id], query, PASSAGES);
    return {
      ok: true,
      outcome: 'success',
      httpStatus: null,
      durationMs: Math.round(performance.now() - started),
      // What was retrieved first (the turn log keeps the first 2,000 characters of a result), then the passages (not under a name like "passages": the turn log redacts names that look like secrets).
      output: {
        retrieved: found.data.map((hit) => hit.chunkId),
        results: found.data.map((hit) => ({
          chunkId: hit.chunkId,
          title: [hit.title, ...hit.titlePath.filter((t) => t !== hit.title)].join(' › '),
          url: hit.url,
          text: hit.text,
        })),
        ...(found.data.length ? {} : { note: 'nothing in the knowledge base matches this query' }),
      },
    };
  }
}
