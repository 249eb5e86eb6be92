import { Injectable } from '@nestjs/common';
import {
  dateFilterSchema,
  messagingOperations,
  workspaceOperations,
  type ConversationStatus,
  type OperationRequest,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode, fieldIssuesOf } from '@platica/errors';
import { RpcClient, readScope, recordEvent, requireWorkspaceUsers, UnitOfWork, writeScope, type Transaction } from '@platica/platform';
import { ClientRepository } from '../clients/client.repository';
import type { Conversation } from './conversation.entity';
import { conversationStatusUpdated } from './domain-events';
import type { ConversationFilters } from './conversation-filters';
import { CHAT_SOURCE, ConversationRepository } from './conversation.repository';
import { conversationSummary, messageRecord, operationChangedBy } from './conversation-summary';
import { filtersFingerprint, PageTokens } from '../paging/page-token';
import { actorOf } from './actor';
import { Takeovers } from './takeovers';
import { Assignments } from './assignments';
import { SEARCH_COUNT_CAP, searchTerms } from '../search/search-terms';
import { SearchRepository } from '../search/search.repository';
import { ConversationReadingRepository } from './conversation-reading.repository';

const DEFAULT_LIMIT = 50;
/** The conversations a 409 of the deprecated lookup names (the first by creation). */
const LEGACY_MATCHES_SHOWN = 20;
/** spec › Conversation summary: a chat (`source: api_chat`) is `active`, `finished` or `expired`, never `initiated` or `spam`. */
const CHAT_STATUSES: readonly ConversationStatus[] = ['active', 'finished', 'expired'];
const DAY_MS = 86_400_000;

/** `GET /v1/conversations`, `GET /v1/conversations/{id}`, `PATCH /v1/conversations/{id}`. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly clients: ClientRepository,
    private readonly rpc: RpcClient,
    private readonly pageTokens: PageTokens,
    private readonly takeovers: Takeovers,
    private readonly assignments: Assignments,
    private readonly reading: ConversationReadingRepository,
    private readonly search: SearchRepository,
  ) {}

  async list(request: OperationRequest<typeof messagingOperations.conversationsList>) {
    const { query } = request;
    if (query.pageToken !== undefined && query.offset !== undefined) {
      throw DomainError.validation(
        [
          { path: ['pageToken'], message: 'pageToken and offset cannot be combined' },
          { path: ['offset'], message: 'pageToken and offset cannot be combined' },
        ],
        'Send pageToken or offset, not both',
      );
    }
    const workspaces = readScope(request);
    const limit = query.limit ?? DEFAULT_LIMIT;
    // "Waiting for a person" lists the longest wait first unless another order is asked for.
    const sortBy = query.sortBy ?? (query.state === 'waiting' ? 'waitingSince' : 'lastUpdate');
    const sortDirection = query.sortDirection ?? (sortBy === 'waitingSince' ? 'asc' : 'desc');
    if (sortBy === 'waitingSince' && query.state !== 'waiting') {
      throw DomainError.validation([{ path: ['sortBy'], message: 'waitingSince sorts state=waiting only' }]);
    }
    const tags = typeof query.tags === 'string' ? query.tags.split(',') : (query.tags ?? []);
    // Sorted and deduplicated: the same statuses in another order are the same filter (and page token).
    const statuses = [...new Set((typeof query.status === 'string' ? query.status.split(',') : (query.status ?? [])).map((s) => s.trim()))]
      .sort()
      .map((status) => status as ConversationStatus);
    const filters: ConversationFilters = {
      workspaceIds: workspaces.map((w) => w.id),
      channelId: query.channelId,
      clientId: query.clientId,
      agentId: query.agentId,
      tags: tags.map((t) => t.trim()).filter(Boolean),
      statuses: statuses.length ? statuses : undefined,
      operation: query.operation,
      state: query.state,
      assigneeId: assigneeFilter(query.assignee, request.auth),
      ...dateRange(query.dateFilter),
      search: searchTerms(query.q) ?? undefined,
    };
    const fingerprint = filtersFingerprint({ ...filters, sortBy, sortDirection, limit });
    const after = query.pageToken !== undefined ? this.pageTokens.decode('conversations', query.pageToken, fingerprint) : undefined;

    if (filters.search) filters.search = await this.search.withTextQuery(filters.search);
    const searched = filters.search ? await this.conversations.searchMatches(filters) : null;
    const [page, counts] = await Promise.all([
      this.conversations.page(searched ? listedMatches(filters, searched) : filters, {
        sortBy,
        sortDirection,
        limit,
        offset: query.offset,
        after,
      }),
      searched ? new Map([...searched].map(([id, ids]) => [id, ids.length])) : this.conversations.countByWorkspace(filters),
    ]);
    const now = Date.now();
    const pagination = { limit, offset: query.offset ?? 0, hasMore: page.hasMore };
    // The people who have conversations of the page, named by email (one call per workspace that has any).
    const handled = new Set(
      page.items.filter((c) => (c.operation === 'assistance' && c.operationChangedBy) || c.assigneeId).map((c) => c.workspaceId),
    );
    const [emails, unread] = await Promise.all([
      Promise.all([...handled].map(async (id) => [id, await this.userEmails(request as RpcRequest<unknown>, id)] as const)).then(
        (entries) => new Map<string, Map<string, string>>(entries),
      ),
      this.unreadOf(request.auth, page.items),
    ]);
    return {
      workspaces: workspaces.map((workspace) => ({
        id: workspace.id,
        name: workspace.name,
        conversations: page.items
          .filter((c) => c.workspaceId === workspace.id)
          .map((c) => conversationSummary(c, now, emails.get(workspace.id), unread?.get(c.id) ?? null)),
        ...conversationsCount(counts.get(workspace.id) ?? 0, filters.search !== undefined),
        pagination,
      })),
      nextPageToken: page.hasMore && page.last ? this.pageTokens.encode('conversations', fingerprint, page.last) : null,
    };
  }

  async get(request: OperationRequest<typeof messagingOperations.conversationsGet>) {
    const conversation = await this.lookUp(request);
    const messages = await this.conversations.messagesOf(conversation.id);
    const workspace = readScope(request).find((w) => w.id === conversation.workspaceId)!;
    const people = messages.some((m) => m.actorType === 'user') || conversation.operationChangedBy || conversation.assigneeId;
    const [emails, unread] = await Promise.all([
      people ? this.userEmails(request, workspace.id) : new Map<string, string>(),
      this.unreadOf(request.auth, [conversation]),
    ]);
    return {
      workspaces: [
        {
          id: workspace.id,
          name: workspace.name,
          conversationsCount: 1,
          conversations: [
            {
              ...conversationSummary(conversation, Date.now(), emails, unread?.get(conversation.id) ?? null),
              messages: messages.map((m) => messageRecord(m, conversation.platform, true, emails)),
              operationChangedBy: operationChangedBy(conversation.operationChangedBy, emails),
              operationChangedAt: conversation.operationChangedAt ? new Date(conversation.operationChangedAt).toISOString() : null,
            },
          ],
        },
      ],
    };
  }

  /** The signed-in person's unread count on each conversation (docs/sending-messages.md › Unread); an API key has none (null). */
  private async unreadOf(auth: RpcRequest['auth'], conversations: Conversation[]): Promise<Map<string, number> | null> {
    if (auth.credentialType !== 'oauth_token' || !auth.userId) return null;
    return this.reading.unreadCounts(auth.userId, conversations);
  }

  /**
   * The emails of a workspace's users by id (the gateway knows them), to name the people who wrote
   * or took over. Without the gateway's answer the detail still reads, with ids only.
   */
  private async userEmails(request: RpcRequest<unknown>, workspaceId: string): Promise<Map<string, string>> {
    try {
      const answer = await this.rpc.call(workspaceOperations.profiles, { ...request, workspaceId, query: {} });
      const users = answer.workspaces.find((w) => w.id === workspaceId)?.users ?? [];
      return new Map(users.map((u) => [u.id, u.email]));
    } catch {
      return new Map();
    }
  }

  async update(request: OperationRequest<typeof messagingOperations.conversationsUpdate>) {
    const { body } = request;
    const id = request.params.id ?? '';
    const summary = await this.unitOfWork.run(async (transaction) => {
      const conversation = await this.conversations.findForUpdate(transaction, [writeScope(request).id], id);
      if (!conversation) throw DomainError.notFound('Conversation', id);
      if (body.status !== undefined && conversation.source === CHAT_SOURCE && !CHAT_STATUSES.includes(body.status)) {
        throw DomainError.validation([{ path: ['status'], message: `a chat's status is one of ${CHAT_STATUSES.join(', ')}` }]);
      }
      // Owners are users of the conversation's own workspace (the gateway knows them).
      if (body.owners) await requireWorkspaceUsers(this.rpc, { ...request, workspaceId: conversation.workspaceId }, body.owners);
      const people = body.assignee ? await this.assignments.people(conversation.workspaceId) : [];
      if (body.assignee && !people.some((u) => u.id === body.assignee)) {
        throw DomainError.validation([{ path: ['assignee'], message: "is not a user of the conversation's workspace" }]);
      }
      const previousStatus = conversation.status;
      // One owner of the customer at a time: a takeover of another person's conversation is refused unless it names them.
      if (body.operation !== undefined) {
        const actorId = actorOf(request.auth).actorId;
        const change =
          body.operation === 'assistance'
            ? { operation: body.operation, actorId: actorId ?? request.auth.principal, takeFrom: body.takeFrom }
            : { operation: body.operation, actorId };
        await this.takeovers.apply(transaction, conversation, change);
      }
      const changes: Partial<Conversation> = {};
      if (body.status !== undefined) changes.status = body.status;
      if (body.tags !== undefined) changes.tags = [...new Set(body.tags)];
      if (body.owners !== undefined) changes.owners = [...new Set(body.owners.map((o) => o.toLowerCase()))];
      if (body.topic !== undefined) changes.topic = body.topic;
      await this.conversations.update(transaction, conversation, changes);
      if (body.assignee !== undefined)
        await this.assignments.assign(transaction, conversation, body.assignee, actorOf(request.auth).actorId);
      const summary = conversationSummary(conversation, Date.now(), new Map(people.map((u) => [u.id, u.email])));
      if (body.status !== undefined && body.status !== previousStatus) {
        await recordEvent(transaction, 'messaging', conversationStatusUpdated(conversation, previousStatus));
      }
      if (body.status === 'spam' && previousStatus !== 'spam') await this.blockForSpam(transaction, conversation, request.auth.userEmail);
      return summary;
    });
    return { status: 'success', message: 'Conversation updated', data: summary };
  }

  /**
   * A person (or an integration) marked the conversation spam: its client is blocked with the
   * spec's `blockedReason: conversation_spam`, by the credential's user, and `client.blocked` is
   * emitted; a client already blocked keeps its block. The guardrails' own spam marking blocks no
   * one (their client threshold does: docs/agents.md › Guardrails).
   */
  private async blockForSpam(transaction: Transaction, conversation: Conversation, by: string | null): Promise<void> {
    const client = await this.clients.lockForUpdate(transaction, conversation.clientId);
    if (client.status === 'blocked') return;
    await this.clients.setStatus(transaction, client, { reason: 'conversation_spam', by });
  }

  /**
   * By the canonical id (`channelId` ignored); failing that, the deprecated lookup by thread id (a phone number, with or
   * without `+`, a PSID, a `chat_…` id), `channelId` choosing among conversations that share it:
   * several matches without it are 409 naming them (docs/sending-messages.md › Looking a conversation up).
   */
  private async lookUp(request: OperationRequest<typeof messagingOperations.conversationsGet>): Promise<Conversation> {
    const id = request.params.id ?? '';
    const workspaceIds = readScope(request).map((w) => w.id);
    const { channelId } = request.query;
    const byId = await this.conversations.findById(workspaceIds, id);
    if (byId) return byId;
    const threadId = id.replace(/^\+/, '');
    const matches = await this.conversations.findByThreadId(workspaceIds, threadId, channelId, LEGACY_MATCHES_SHOWN + 1);
    if (matches.length === 1) return matches[0]!;
    if (!matches.length) throw DomainError.notFound('Conversation', id);
    throw DomainError.refused(
      ErrorCode.Conflict,
      DomainReason.AmbiguousConversation,
      `Several conversations have conversationId ${threadId}: send channelId, or use the canonical id`,
      {
        conversationId: threadId,
        matches: matches.slice(0, LEGACY_MATCHES_SHOWN).map((c) => ({ id: c.id, channelId: c.channelId, workspaceId: c.workspaceId })),
      },
    );
  }
}

/** `assignee` of a listing: a user id, `me` (the signed-in user; an API key has no one to be), or `none` (unassigned). */
function assigneeFilter(assignee: string | undefined, auth: RpcRequest['auth']): string | null | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return null;
  if (assignee !== 'me') return assignee;
  if (auth.credentialType !== 'oauth_token' || !auth.userId) {
    throw DomainError.validation([{ path: ['assignee'], message: 'me names a signed-in person: an API key sends a user id' }]);
  }
  return auth.userId;
}

/** `dateFilter` (JSON): a day (`specific`) or an inclusive range of days, on the creation date, UTC. */
function dateRange(text: string | undefined): Pick<ConversationFilters, 'createdFrom' | 'createdBefore'> {
  if (text === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw DomainError.validation([
      { path: ['dateFilter'], message: 'a JSON object: {"type":"specific","date":…} or {"type":"range","startDate":…,"endDate":…}' },
    ]);
  }
  const parsed = dateFilterSchema.safeParse(json);
  if (!parsed.success) throw DomainError.validation(fieldIssuesOf(parsed.error).map((i) => ({ ...i, path: ['dateFilter', ...i.path] })));
  const filter = parsed.data;
  const dayStart = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (filter.type === 'specific') {
    const start = dayStart(filter.date);
    return { createdFrom: start, createdBefore: new Date(start.getTime() + DAY_MS) };
  }
  const start = filter.startDate.length === 10 ? dayStart(filter.startDate) : new Date(filter.startDate);
  const end =
    filter.endDate.length === 10 ? new Date(dayStart(filter.endDate).getTime() + DAY_MS) : new Date(new Date(filter.endDate).getTime() + 1);
  if (end <= start) throw DomainError.validation([{ path: ['dateFilter', 'endDate'], message: 'must not be before startDate' }]);
  return { createdFrom: start, createdBefore: end };
}

/**
 * What a search's page is read from: its matches by id when every workspace's are few (sorted
 * as they are read), else the search itself in the listing's order, stopping at the page.
 */
function listedMatches(filters: ConversationFilters, matches: Map<string, string[]>): ConversationFilters {
  const few = [...matches.values()].every((ids) => ids.length <= SEARCH_COUNT_CAP);
  return few ? { ...filters, search: undefined, ids: [...matches.values()].flat() } : filters;
}

/** `conversationsCount`, and with a search whether it stopped at SEARCH_COUNT_CAP. */
function conversationsCount(counted: number, searched: boolean) {
  if (!searched) return { conversationsCount: counted };
  return { conversationsCount: Math.min(counted, SEARCH_COUNT_CAP), conversationsCountCapped: counted > SEARCH_COUNT_CAP };
}
