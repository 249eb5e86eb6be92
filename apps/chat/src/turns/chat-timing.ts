import { SCHEDULE_MAX_AHEAD_MS, type ChatRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';

/** When a scheduled chat turn runs; null for an immediate one. The schema refused `delay` with `scheduleAt`. */
export function chatTimingOf(
  body: Pick<ChatRequest, 'delay' | 'scheduleAt'>,
  now = Date.now(),
): { executeAt: Date; delayMs?: number } | null {
  if (body.delay !== undefined) return { executeAt: new Date(now + body.delay), delayMs: body.delay };
  if (body.scheduleAt === undefined) return null;
  const at = Date.parse(body.scheduleAt);
  if (at <= now) throw DomainError.validation([{ path: ['scheduleAt'], message: 'must be in the future' }]);
  if (at > now + SCHEDULE_MAX_AHEAD_MS)
    throw DomainError.validation([{ path: ['scheduleAt'], message: 'at most 30 days after the request' }]);
  return { executeAt: new Date(at) };
}
