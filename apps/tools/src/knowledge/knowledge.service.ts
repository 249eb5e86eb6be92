import { Injectable } from '@nestjs/common';
import {
  knowledgeOperations as ops,
  type KnowledgeBaseView,
  type KnowledgeSourceView,
  type OperationRequest,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { assertPublicHttpUrl, newId, UnitOfWork, UnsafeUrlError, withStatus, writeScope } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';
import { detectFileType } from './indexing/document-text';
import { KnowledgeIndexWorkflows } from './indexing/knowledge-index.workflows';
import type { KnowledgeBase, KnowledgePage, KnowledgeSource } from './knowledge.entity';
import { KnowledgeRepository } from './knowledge.repository';
import { KnowledgeTool } from './knowledge-tool';
import { KnowledgeSearch } from './search/knowledge-search';

const DEFAULT_PAGE = 50;

/** A request of the workspace, with the path parameters that name what it reads. */
type Scoped<Params> = Pick<RpcRequest, 'auth' | 'workspaceId'> & { params: Params };

/**
 * Knowledge bases and their sources (docs/knowledge.md): CRUD scoped to the workspace; adding,
 * changing or re-indexing a source asks its indexing workflow to run, which sets its state.
 */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly repository: KnowledgeRepository,
    private readonly workflows: KnowledgeIndexWorkflows,
    private readonly searcher: KnowledgeSearch,
    private readonly tool: KnowledgeTool,
    private readonly config: ToolsConfigService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async listBases(request: OperationRequest<typeof ops.basesList>) {
    const { limit = DEFAULT_PAGE, offset = 0 } = request.query;
    const page = await this.repository.listBases(writeScope(request).id, limit, offset);
    return { data: await this.baseViews(page.items), pagination: { limit, offset, hasMore: page.hasMore } };
  }

  async createBase(request: OperationRequest<typeof ops.basesCreate>) {
    const workspaceId = writeScope(request).id;
    const { name, description = '', language = 'es' } = request.body;
    const base = await this.unitOfWork
      .run(async (transaction) => {
        if (await this.repository.baseNameTaken(workspaceId, name, null, transaction)) throw nameConflict(name);
        const base = this.repository.createBase(transaction, { id: newId('kb'), workspaceId, name, description, language });
        await this.tool.publish(transaction, base);
        return base;
      })
      .catch(rethrowUniqueAsConflict(name));
    return withStatus(201, { status: 'success' as const, message: 'Knowledge base created', data: (await this.baseViews([base]))[0]! });
  }

  async getBase(request: OperationRequest<typeof ops.basesGet>) {
    return (await this.baseViews([await this.base(request)]))[0]!;
  }

  async updateBase(request: OperationRequest<typeof ops.basesUpdate>) {
    const workspaceId = writeScope(request).id;
    const { name, description, language } = request.body;
    const base = await this.unitOfWork
      .run(async (transaction) => {
        const base = await this.repository.findBase(workspaceId, request.params.baseId, transaction);
        if (!base) throw DomainError.notFound('Knowledge base', request.params.baseId);
        if (name !== undefined && (await this.repository.baseNameTaken(workspaceId, name, base.id, transaction))) throw nameConflict(name);
        Object.assign(base, {
          ...(name !== undefined && { name }),
          ...(description !== undefined && { description }),
          ...(language && { language }),
          updatedAt: new Date(),
        });
        await this.tool.describe(transaction, base);
        return base;
      })
      .catch(rethrowUniqueAsConflict(name ?? ''));
    return { status: 'success' as const, message: 'Knowledge base updated', data: (await this.baseViews([base]))[0]! };
  }

  async deleteBase(request: OperationRequest<typeof ops.basesDelete>) {
    const base = await this.base(request);
    const view = (await this.baseViews([base]))[0]!;
    for (let offset = 0; ; offset += 500) {
      const page = await this.repository.listSources(base.workspaceId, base.id, 500, offset);
      await Promise.all(page.items.map((source) => this.workflows.stop(source.id)));
      if (!page.hasMore) break;
    }
    await this.unitOfWork.run(async (transaction) => {
      await this.tool.withdraw(transaction, base);
      this.repository.removeBase(transaction, base);
    });
    return { status: 'success' as const, message: 'Knowledge base deleted', data: view };
  }

  async listSources(request: OperationRequest<typeof ops.sourcesList>) {
    const base = await this.base(request);
    const { limit = DEFAULT_PAGE, offset = 0 } = request.query;
    const page = await this.repository.listSources(base.workspaceId, base.id, limit, offset);
    return { data: page.items.map(sourceView), pagination: { limit, offset, hasMore: page.hasMore } };
  }

  async createSource(request: OperationRequest<typeof ops.sourcesCreate>) {
    const base = await this.base(request);
    const body = request.body;
    const common = {
      id: newId('ks'),
      workspaceId: base.workspaceId,
      baseId: base.id,
      status: 'pending' as const,
      error: null,
      contentHash: null,
      language: body.language ?? base.language,
      text: null,
      content: null,
      fileType: null,
      byteSize: null,
      website: null,
      nextCrawlAt: null,
      generation: 0,
      chunkCount: 0,
      pageCount: 0,
      indexedAt: null,
    };
    let fields: Omit<KnowledgeSource, 'createdAt' | 'updatedAt'>;
    switch (body.kind) {
      case 'text':
        fields = { ...common, kind: 'text', title: body.title, text: body.text };
        break;
      case 'file': {
        const bytes = Buffer.from(body.contentBase64, 'base64');
        const fileType = detectFileType(bytes);
        if (!fileType) {
          throw new DomainError(ErrorCode.Unprocessable, 'The file is not a type knowledge sources read', {
            contentBase64: 'read by its content: PDF, DOCX, HTML, Markdown or plain text (UTF-8)',
          });
        }
        fields = { ...common, kind: 'file', title: body.fileName, content: bytes, fileType, byteSize: bytes.length };
        break;
      }
      case 'website': {
        await this.checkUrl(body.url);
        const { url, mode, maxPages, recrawlEveryHours } = body;
        fields = {
          ...common,
          kind: 'website',
          title: new URL(url).host + new URL(url).pathname.replace(/\/$/, ''),
          website: { url, mode, maxPages, recrawlEveryHours },
        };
        break;
      }
    }
    const source = await this.unitOfWork.run(async (transaction) => this.repository.createSource(transaction, fields));
    try {
      await this.workflows.request(source.id);
    } catch (error) {
      // Nothing half-written: a source nobody will index is not kept.
      await this.unitOfWork.run(async (transaction) => this.repository.removeSource(transaction, source));
      throw error;
    }
    return withStatus(201, { status: 'success' as const, message: 'Knowledge source added: indexing', data: sourceView(source) });
  }

  async getSource(request: OperationRequest<typeof ops.sourcesGet>) {
    return sourceView(await this.source(request));
  }

  async updateSource(request: OperationRequest<typeof ops.sourcesUpdate>) {
    const { title, text, maxPages, recrawlEveryHours } = request.body;
    const source = await this.unitOfWork.run(async (transaction) => {
      const source = await this.source(request, transaction);
      const misplaced = [
        ...(text !== undefined && source.kind !== 'text' ? [{ path: ['text'], message: 'only text sources have a text' }] : []),
        ...(maxPages !== undefined && source.kind !== 'website'
          ? [{ path: ['maxPages'], message: 'only website sources have a page bound' }]
          : []),
        ...(recrawlEveryHours !== undefined && source.kind !== 'website'
          ? [{ path: ['recrawlEveryHours'], message: 'only website sources are re-crawled' }]
          : []),
      ];
      if (misplaced.length) throw DomainError.validation(misplaced);
      if (title !== undefined) source.title = title;
      if (text !== undefined) source.text = text;
      if (source.website && (maxPages !== undefined || recrawlEveryHours !== undefined)) {
        source.website = {
          ...source.website,
          ...(maxPages !== undefined && { maxPages }),
          ...(recrawlEveryHours !== undefined && { recrawlEveryHours }),
        };
      }
      source.updatedAt = new Date();
      return source;
    });
    await this.workflows.request(source.id);
    return { status: 'success' as const, message: 'Knowledge source updated: indexing again', data: sourceView(source) };
  }

  async deleteSource(request: OperationRequest<typeof ops.sourcesDelete>) {
    const source = await this.source(request);
    await this.workflows.stop(source.id);
    await this.unitOfWork.run(async (transaction) => this.repository.removeSource(transaction, source));
    return { status: 'success' as const, message: 'Knowledge source deleted', data: sourceView(source) };
  }

  async reindexSource(request: OperationRequest<typeof ops.sourcesReindex>) {
    const source = await this.source(request);
    await this.workflows.request(source.id);
    return withStatus(202, { status: 'success' as const, message: 'Indexing requested', data: sourceView(source) });
  }

  async listPages(request: OperationRequest<typeof ops.sourcePages>) {
    const source = await this.source(request);
    const { limit = DEFAULT_PAGE, offset = 0 } = request.query;
    const page = await this.repository.listPages(source.id, limit, offset);
    return { data: page.items.map(pageView), pagination: { limit, offset, hasMore: page.hasMore } };
  }

  async search(request: OperationRequest<typeof ops.search>) {
    const base = await this.base(request);
    return this.searcher.search(base.workspaceId, [base.id], request.body.query, request.body.limit);
  }

  private async base(request: Scoped<{ baseId: string }>): Promise<KnowledgeBase> {
    const base = await this.repository.findBase(writeScope(request).id, request.params.baseId);
    if (!base) throw DomainError.notFound('Knowledge base', request.params.baseId);
    return base;
  }

  private async source(
    request: Scoped<{ baseId: string; sourceId: string }>,
    transaction?: Parameters<KnowledgeRepository['findSource']>[3],
  ): Promise<KnowledgeSource> {
    const source = await this.repository.findSource(writeScope(request).id, request.params.baseId, request.params.sourceId, transaction);
    if (!source) throw DomainError.notFound('Knowledge source', request.params.sourceId);
    return source;
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await assertPublicHttpUrl(url, { allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw DomainError.validation([{ path: ['url'], message: error.message }]);
      throw error;
    }
  }

  private async baseViews(bases: KnowledgeBase[]): Promise<KnowledgeBaseView[]> {
    const counts = await this.repository.countsOf(bases.map((base) => base.id));
    return bases.map((base) => ({
      id: base.id,
      name: base.name,
      description: base.description,
      language: base.language,
      sourceCount: counts.get(base.id)?.sources ?? 0,
      chunkCount: counts.get(base.id)?.chunks ?? 0,
      createdAt: base.createdAt.toISOString(),
      updatedAt: base.updatedAt.toISOString(),
    }));
  }
}

export function sourceView(source: KnowledgeSource): KnowledgeSourceView {
  return {
    id: source.id,
    baseId: source.baseId,
    kind: source.kind,
    title: source.title,
    status: source.status,
    error: source.error ?? null,
    contentHash: source.contentHash ?? null,
    language: source.language,
    fileType: source.fileType ?? null,
    byteSize: source.byteSize ?? null,
    website: source.website ? { ...source.website, nextCrawlAt: source.nextCrawlAt?.toISOString() ?? null } : null,
    chunkCount: source.chunkCount,
    pageCount: source.pageCount,
    indexedAt: source.indexedAt?.toISOString() ?? null,
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
  };
}

function pageView(page: KnowledgePage) {
  return {
    url: page.url,
    title: page.title,
    status: page.status,
    error: page.error ?? null,
    contentHash: page.contentHash ?? null,
    indexCount: page.indexCount,
    fetchedAt: page.fetchedAt.toISOString(),
    indexedAt: page.indexedAt?.toISOString() ?? null,
  };
}

function nameConflict(name: string): DomainError {
  return new DomainError(ErrorCode.Conflict, `A knowledge base named "${name}" already exists`, { name });
}

function rethrowUniqueAsConflict(name: string) {
  return (error: unknown): never => {
    if ((error as { name?: string })?.name === 'UniqueConstraintViolationException') throw nameConflict(name);
    throw error;
  };
}
