import { z } from 'zod';

/**
 * Knowledge learned from people (an addition to the spec, docs/knowledge-from-people.md): when a
 * person's part of a conversation ends (hand back or close), the agents service drafts a
 * question and the person's answer with the model, and the tools service keeps it as a
 * proposal. Nothing reaches a knowledge base, nor an agent, before a person accepts it.
 */
const instant = z.string().describe('ISO 8601');

/** `pending`: waiting for a person; `accepted`: added to a base as a text source; `discarded`: dropped. */
export const KNOWLEDGE_PROPOSAL_STATES = ['pending', 'accepted', 'discarded'] as const;
export type KnowledgeProposalState = (typeof KNOWLEDGE_PROPOSAL_STATES)[number];

export const KNOWLEDGE_PROPOSAL_QUESTION_MAX = 1_000;
export const KNOWLEDGE_PROPOSAL_ANSWER_MAX = 10_000;

const question = z.string().trim().min(1, 'must not be empty').max(KNOWLEDGE_PROPOSAL_QUESTION_MAX);
const answer = z.string().trim().min(1, 'must not be empty').max(KNOWLEDGE_PROPOSAL_ANSWER_MAX);

export const knowledgeProposalsQuerySchema = z.object({
  state: z.enum(KNOWLEDGE_PROPOSAL_STATES).optional().describe('only proposals in this state (all when not given)'),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const updateKnowledgeProposalSchema = z
  .strictObject({ question: question.optional(), answer: answer.optional() })
  .refine((body) => Object.keys(body).length > 0, 'give question, answer or both');

export const acceptKnowledgeProposalSchema = z.strictObject({
  baseId: z.string().min(1).max(100).describe('the knowledge base (kb_…) the entry is added to, as a text source'),
  title: z.string().trim().min(1).max(120).optional().describe('the entry’s title; the question (cut at 120 characters) when not given'),
});

export const knowledgeProposalSchema = z
  .object({
    id: z.string().describe('kp_…'),
    state: z.enum(KNOWLEDGE_PROPOSAL_STATES),
    question: z.string(),
    answer: z.string(),
    conversationId: z.string().describe('the conversation (its canonical id) the exchange happened in'),
    agentId: z.string().nullable().describe('the conversation’s agent'),
    answeredBy: z.string().nullable().describe('the person (user id) whose answer it is'),
    messageIds: z.array(z.string()).describe('the exchange: the customer’s and the person’s messages it was drafted from'),
    edited: z.boolean().describe('a person changed the question or the answer before deciding'),
    decidedBy: z.string().nullable().describe('who accepted or discarded it (a user id, or key:<id>)'),
    decidedAt: instant.nullable(),
    baseId: z.string().nullable().describe('accepted: the knowledge base it went to'),
    sourceId: z.string().nullable().describe('accepted: the text source (ks_…) created from it'),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'KnowledgeProposal' });
export type KnowledgeProposalView = z.output<typeof knowledgeProposalSchema>;

export const knowledgeProposalsListSchema = z.object({
  data: z.array(knowledgeProposalSchema).describe('newest first'),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() }),
});

/** The agents service's drafted entry, stored by the tools service once per exchange (internal). */
export interface KnowledgeProposalDraft {
  workspaceId: string;
  conversationRef: string;
  /** The exchange: the person's last message of their part; a second draft of the same exchange is ignored. */
  exchangeKey: string;
  agentId: string | null;
  answeredBy: string | null;
  messageIds: string[];
  question: string;
  answer: string;
}

/** Retrieval for a reply draft: the agent's connected knowledge bases searched (internal). */
export interface AgentKnowledgeSearchRequest {
  workspaceId: string;
  agentId: string;
  query: string;
  limit: number;
}

export interface AgentKnowledgeSearchAnswer {
  /** The knowledge bases connected to the agent (active connections of active knowledge tools). */
  baseIds: string[];
  hits: { chunkId: string; sourceId: string; title: string; titlePath: string[]; url: string | null; text: string }[];
}
