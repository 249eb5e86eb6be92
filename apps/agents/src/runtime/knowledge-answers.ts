import type { ModelMessage } from 'ai';
import type { RuntimeTool, TurnLogChunk, TurnLogKnowledge } from '@platica/contracts';
import type { ToolRound } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import { waitMessageOf } from './built-in-tools';

/**
 * Answers from knowledge (docs/knowledge.md › Agents): the passages of a turn's knowledge
 * searches numbered in the order the model reads them, the reply's `[n]` citations resolved to
 * their chunks, and the agent's "answer only from knowledge" checked on the server, not left to
 * the prompt. The live turn and an evaluation's replay share all of it.
 */

/** The catalog kind of a knowledge base's search tool (apps/tools/src/knowledge/knowledge-tool.ts). */
export const KNOWLEDGE_TOOL_KIND = 'knowledge';

/** What the agent says when no passage answers and it has no `unknownAnswerMessage`. */
export const DEFAULT_UNKNOWN_ANSWER = "I'm sorry, I don't have that information.";

/** The assistance reason when the agent answers only from knowledge and none answered. */
export const NOT_IN_KNOWLEDGE = 'no passage of the knowledge bases answers this (the agent answers only from knowledge)';

/** Given whenever a knowledge tool is offered: how to cite. */
export const CITE_PASSAGES =
  'The knowledge search tools answer numbered passages (each result\'s "cite"). When you use a passage, cite it by its number in square brackets, as [1], right after what it supports.';

/** Given with the agent's `answerOnlyFromKnowledge`: the server checks it too (a reply citing nothing is replaced). */
export const ANSWER_ONLY_FROM_KNOWLEDGE =
  'Answer only from the passages the knowledge search tools return, never from your own knowledge: search before answering and cite every passage you use. When no passage answers the question, say that you do not know.';

/** The turn's rules on knowledge, as one system message after the system prompt; none without a knowledge tool or the setting. */
export function withKnowledgeRules(
  messages: ModelMessage[],
  rules: { knowledgeTools: number; answerOnlyFromKnowledge: boolean },
): ModelMessage[] {
  const lines = [...(rules.knowledgeTools ? [CITE_PASSAGES] : []), ...(rules.answerOnlyFromKnowledge ? [ANSWER_ONLY_FROM_KNOWLEDGE] : [])];
  return lines.length ? [messages[0]!, { role: 'system', content: lines.join('\n') }, ...messages.slice(1)] : messages;
}

/** One passage a knowledge search gave the model, with the number it cites it by. */
export interface Passage extends TurnLogChunk {
  number: number;
}

interface SearchResult {
  chunkId: string;
  title: string;
  url: string | null;
  text: string;
}

/** The provider names (what the model calls them) of the offered knowledge tools. */
export function knowledgeToolNames(byProviderName: Map<string, RuntimeTool>): Set<string> {
  return new Set([...byProviderName].filter(([, tool]) => tool.kind === KNOWLEDGE_TOOL_KIND).map(([name]) => name));
}

/**
 * The rounds as the model reads them, each knowledge search's results given their citation
 * number (`cite: "[n]"`, counting on across the turn's searches), and the passages so numbered.
 * Pure: every model call of the turn, and its replay, numbers them the same.
 */
export function numberedPassages(rounds: ToolRound[], knowledgeTools: Set<string>): { rounds: ToolRound[]; passages: Passage[] } {
  const passages: Passage[] = [];
  const numbered = rounds.map((round) => ({
    ...round,
    results: round.results.map((result) => {
      const results = result.ok && knowledgeTools.has(result.providerName) ? searchResultsOf(result.output) : null;
      if (!results) return result;
      const cited = results.map((hit) => {
        const number = passages.push({ number: passages.length + 1, chunkId: hit.chunkId, title: hit.title, url: hit.url });
        return { cite: `[${number}]`, ...hit };
      });
      return { ...result, output: { ...(result.output as object), results: cited } };
    }),
  }));
  return { rounds: numbered, passages };
}

function searchResultsOf(output: unknown): SearchResult[] | null {
  const results = (output as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return null;
  return results.filter(
    (hit): hit is SearchResult => typeof hit === 'object' && hit !== null && typeof (hit as SearchResult).chunkId === 'string',
  );
}

/** The passage numbers a reply cites: `[1]`, `[1, 3]`, `[2][4]`. */
export function citedNumbers(reply: string): Set<number> {
  const numbers = new Set<number>();
  for (const [, inside] of reply.matchAll(/\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g)) {
    for (const part of inside!.split(/[,;]/)) numbers.add(Number(part.trim()));
  }
  return numbers;
}

/**
 * What the reply drew on, for the turn log: every passage retrieved and the ones it cited (each
 * chunk once), and whether it must give way to "I don't know" (the agent answers only from
 * knowledge and the reply cites no passage, which is also the case when nothing matched). Null
 * when the agent has no knowledge tool and does not answer only from knowledge.
 */
export function knowledgeOfReply(
  reply: string,
  passages: Passage[],
  offered: { knowledgeTools: number; answerOnlyFromKnowledge: boolean },
): TurnLogKnowledge | null {
  if (!offered.knowledgeTools && !offered.answerOnlyFromKnowledge) return null;
  const numbers = citedNumbers(reply);
  const retrieved = uniqueChunks(passages);
  const cited = uniqueChunks(passages.filter((passage) => numbers.has(passage.number)));
  return { retrieved, cited, unknown: offered.answerOnlyFromKnowledge && cited.length === 0 };
}

function uniqueChunks(passages: Passage[]): TurnLogChunk[] {
  const byId = new Map<string, TurnLogChunk>();
  for (const { chunkId, title, url } of passages) if (!byId.has(chunkId)) byId.set(chunkId, { chunkId, title, url });
  return [...byId.values()];
}

/**
 * "I don't know" in place of a reply no passage supports: the agent's `unknownAnswerMessage`
 * (else the default), then, when the principal's human assistance is on (and no sub-agent is
 * answering under a delegation, which is offered no assistance either), its wait message and
 * the reason a person is asked for.
 */
export function unknownAnswerOf(
  agent: Pick<Agent, 'assistanceEnabled' | 'waitMessage'>,
  speaker: Pick<Agent, 'unknownAnswerMessage'>,
  delegated: boolean,
): { text: string; assistanceReason: string | null } {
  const sentence = speaker.unknownAnswerMessage.trim() || DEFAULT_UNKNOWN_ANSWER;
  if (!agent.assistanceEnabled || delegated) return { text: sentence, assistanceReason: null };
  return { text: `${sentence} ${waitMessageOf(agent)}`, assistanceReason: NOT_IN_KNOWLEDGE };
}
