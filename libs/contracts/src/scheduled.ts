import { z } from 'zod';

/** Scheduled messages (spec: Scheduled message resource; Endpoints › Scheduled messages; Limits). */
export const SCHEDULED_STATUSES = ['creating', 'delayed', 'scheduled', 'processing', 'sent', 'cancelled', 'failed'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];
export const PENDING_STATUSES: ScheduledStatus[] = ['creating', 'delayed', 'scheduled', 'processing'];

export const DELAY_MIN_MS = 3_000;
export const DELAY_MAX_MS = 86_400_000;
export const SCHEDULE_MAX_AHEAD_MS = 30 * 24 * 3_600_000;

const instant = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO 8601 date and time');

export const scheduledListQuerySchema = z.object({
  workspace: z.string().optional(),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return PENDING_STATUSES;
      const statuses = v.split(',').map((s) => s.trim());
      const unknown = statuses.filter((s) => !(SCHEDULED_STATUSES as readonly string[]).includes(s));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `unknown status ${unknown.join(', ')}; one or more of ${SCHEDULED_STATUSES.join(', ')}` });
      return statuses as ScheduledStatus[];
    }),
  kind: z.enum(['service', 'template']).optional(),
  campaignId: z.string().min(1).optional(),
  from: instant.optional(),
  to: instant.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  pageToken: z.string().min(1).max(2000).optional(),
});
export type ScheduledListQuery = z.output<typeof scheduledListQuerySchema>;

/** PATCH: exactly one of `scheduleTime` or `delay`. */
export const rescheduleRequestSchema = z
  .object({
    scheduleTime: z.string().min(1).optional(),
    delay: z.number().int().min(DELAY_MIN_MS).max(DELAY_MAX_MS).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.scheduleTime !== undefined && body.delay !== undefined) {
      for (const field of ['scheduleTime', 'delay'])
        ctx.addIssue({ code: 'custom', path: [field], message: 'send exactly one of scheduleTime and delay' });
    } else if (body.scheduleTime === undefined && body.delay === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'send exactly one of scheduleTime and delay' });
    }
  });
export type RescheduleRequest = z.output<typeof rescheduleRequestSchema>;

export interface ScheduledMessageResource {
  messageId: string;
  kind: 'service' | 'template';
  status: ScheduledStatus;
  channelId: string;
  conversationId: string | null;
  campaignId: string | null;
  messageType: string | null;
  templateName: string | null;
  preview: string | null;
  phoneNumber: string | null;
  name: string | null;
  executeAt: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  sentAt: string | null;
  failedAt: string | null;
  error: string | null;
  reschedulable: boolean;
}
