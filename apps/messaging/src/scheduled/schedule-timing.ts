import { DELAY_MAX_MS, DELAY_MIN_MS, SCHEDULE_MAX_AHEAD_MS, type SendMessageRequest, type SendTemplateRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';

/** When a scheduled send runs, and how it was asked for (the 202 answer echoes it). */
/** A send's body once validated, without its timing: what runs now, or what is stored to run later. */
export type ServiceSendBody = Omit<SendMessageRequest, 'delay' | 'scheduleTime'>;
export type TemplateSendBody = Omit<SendTemplateRequest, 'delay' | 'scheduleTime'>;

export interface Timing {
  /** The instant the request was accepted: `delay` counts from it, and the 202 answer's `timestamp` is it. */
  acceptedAt: Date;
  executeAt: Date;
  status: 'delayed' | 'scheduled';
  delayMs: number | null;
  scheduledTime: string | null;
}

/** `scheduleTime` as an instant: without a zone designator it is Mexican time, UTC-6 (spec › Channel rule 6). */
export function scheduleInstant(value: string): Date {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}-06:00`;
  return new Date(zoned);
}

/**
 * The moment a send is judged from: a keyed request's first attempt (RpcRequest.requestedAt), so
 * its retry is scheduled as that attempt was, or would be; now for any other request.
 */
export function requestMoment(request: { requestedAt?: string }): number {
  const at = request.requestedAt === undefined ? Number.NaN : Date.parse(request.requestedAt);
  return Number.isNaN(at) ? Date.now() : at;
}

/**
 * The timing of a send or a reschedule, or null for an immediate send. `delay` counts from
 * `now` (the moment the request is accepted); `scheduleTime` must be in the future and at
 * most 30 days ahead. The schemas already refused both together.
 */
export function timingOf(body: { delay?: number; scheduleTime?: string }, now = Date.now()): Timing | null {
  if (body.delay !== undefined) {
    if (!Number.isInteger(body.delay) || body.delay < DELAY_MIN_MS || body.delay > DELAY_MAX_MS) {
      throw DomainError.validation([{ path: ['delay'], message: `milliseconds from ${DELAY_MIN_MS} to ${DELAY_MAX_MS}` }]);
    }
    return {
      acceptedAt: new Date(now),
      executeAt: new Date(now + body.delay),
      status: 'delayed',
      delayMs: body.delay,
      scheduledTime: null,
    };
  }
  if (body.scheduleTime !== undefined) {
    const at = scheduleInstant(body.scheduleTime).getTime();
    if (Number.isNaN(at)) throw DomainError.validation([{ path: ['scheduleTime'], message: 'an ISO 8601 date and time' }]);
    if (at <= now) throw DomainError.validation([{ path: ['scheduleTime'], message: 'must be in the future' }]);
    if (at > now + SCHEDULE_MAX_AHEAD_MS)
      throw DomainError.validation([{ path: ['scheduleTime'], message: 'at most 30 days after the request' }]);
    return { acceptedAt: new Date(now), executeAt: new Date(at), status: 'scheduled', delayMs: null, scheduledTime: body.scheduleTime };
  }
  return null;
}
