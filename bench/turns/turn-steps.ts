// bench/turns/turn-steps.ts: a synchronous chat turn's steps, read off its trace's spans and the
// fake model's timings (steps.ts; fairness.ts --steps).
import type { CollectedSpan } from '@platica/testing';

/** A turn's steps, in order, each the moment it was reached (epoch ms) as its spans and the fake model tell. */
export const STEPS: [string, (spans: CollectedSpan[], model: { startedAt: number; finishedAt: number }[]) => number | undefined][] = [
  ['the agents service has the request', (s) => named(s, 'handle agents.turns.chat-start')?.startMs],
  ['its workflow is being started', (s) => named(s, 'StartWorkflow:conversationTurnWorkflow')?.startMs],
  ['its workflow has started (eager)', (s) => named(s, 'StartWorkflow:conversationTurnWorkflow')?.endMs],
  ['its acceptance is sent to messaging', (s) => named(s, 'rpc messaging.chat.accept')?.startMs],
  ['messaging takes it up', (s) => named(s, 'handle messaging.chat.accept')?.startMs],
  ['messaging has answered', (s) => named(s, 'handle messaging.chat.accept')?.endMs],
  ['agents has the acceptance', (s) => named(s, 'rpc messaging.chat.accept')?.endMs],
  ['the model call activity runs', (s) => named(s, 'RunActivity:generateReply')?.startMs],
  ['the model is asked', (_, m) => Math.min(...m.map((t) => t.startedAt))],
  ['the model has answered', (_, m) => Math.max(...m.map((t) => t.finishedAt))],
  ['the reply is stored', (s) => named(s, 'rpc messaging.turns.reply')?.endMs],
  ['the gateway answers', (s) => named(s, 'POST /v1/chat')?.endMs],
];
const named = (spans: CollectedSpan[], name: string) => spans.find((span) => span.name === name);
