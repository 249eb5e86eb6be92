import { z } from 'zod';
import { badgeIcon, providerTool, type IntegrationProvider } from './provider';

const instant = (what: string) =>
  z.iso.datetime({ offset: true }).describe(`${what}, ISO 8601 with its offset (2026-12-01T15:00:00-06:00)`);

/**
 * Google Calendar API v3 (https://developers.google.com/workspace/calendar/api/v3/reference),
 * authorized with OAuth 2.0 (authorization code with PKCE, offline access for a refresh token)
 * through the installation's Google Cloud OAuth client. Appointments: free slots, book, cancel.
 */
export const googleCalendarProvider: IntegrationProvider = {
  id: 'google_calendar',
  name: 'Google Calendar',
  description: 'Find free slots in a calendar, book appointments in it and cancel them.',
  icon: badgeIcon('G', '#1a73e8'),
  auth: {
    type: 'oauth2',
    scopes: ['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.freebusy'],
    endpoints: (config) =>
      config.INTEGRATIONS_GOOGLE_CLIENT_ID && config.INTEGRATIONS_GOOGLE_CLIENT_SECRET
        ? {
            authorizationUrl: config.INTEGRATIONS_GOOGLE_AUTHORIZATION_URL,
            tokenUrl: config.INTEGRATIONS_GOOGLE_TOKEN_URL,
            clientId: config.INTEGRATIONS_GOOGLE_CLIENT_ID,
            clientSecret: config.INTEGRATIONS_GOOGLE_CLIENT_SECRET,
          }
        : null,
    // A refresh token is issued only for offline access, and again only on a new consent.
    authorizationParams: { access_type: 'offline', prompt: 'consent' },
  },
  settings: [
    {
      key: 'calendarId',
      label: 'Calendar',
      description: "The calendar's id (its address); primary is the authorizing account's own",
      required: false,
      example: 'primary',
      default: 'primary',
    },
    {
      key: 'timeZone',
      label: 'Time zone',
      description: 'The IANA time zone appointments are booked in',
      required: false,
      example: 'America/Mexico_City',
      default: 'UTC',
    },
  ],
  settingsProblems: (settings) =>
    settings.timeZone && !knownTimeZone(settings.timeZone)
      ? [{ path: ['settings', 'timeZone'], message: 'an IANA time zone such as America/Mexico_City' }]
      : [],
  baseUrl: (_settings, config) => config.INTEGRATIONS_GOOGLE_API_BASE_URL,
  tools: [
    providerTool({
      name: 'find_free_slots',
      description:
        'Lists the free slots of the given length in the calendar between two instants (busy times excluded), to offer the customer an appointment.',
      input: z.object({
        timeMin: instant('The start of the search'),
        timeMax: instant('The end of the search'),
        durationMinutes: z.number().int().min(5).max(480).default(30).describe('The length of the appointment in minutes'),
      }),
      run: async (api, args, settings) => {
        const calendarId = settings.calendarId!;
        const answer = (await api.request('POST', '/calendar/v3/freeBusy', {
          json: { timeMin: args.timeMin, timeMax: args.timeMax, timeZone: settings.timeZone, items: [{ id: calendarId }] },
        })) as { calendars: Record<string, { busy?: { start: string; end: string }[]; errors?: { reason: string }[] }> };
        const calendar = answer.calendars[calendarId] ?? { busy: [] };
        if (calendar.errors?.length)
          return { error: `Google Calendar could not read the calendar: ${calendar.errors.map((e) => e.reason).join(', ')}` };
        const busy = calendar.busy ?? [];
        return { busy, free: freeSlots(args.timeMin, args.timeMax, busy, args.durationMinutes).slice(0, 20) };
      },
    }),
    providerTool({
      name: 'book_appointment',
      description: "Books an appointment in the calendar (an event), inviting the customer's email when given; answers the event's id.",
      input: z.object({
        start: instant('When it starts'),
        end: instant('When it ends'),
        summary: z.string().min(1).max(200).describe("The appointment's title"),
        description: z.string().max(2_000).optional().describe('Notes for the appointment'),
        attendeeEmail: z.email().optional().describe("The customer's email, invited to the event"),
      }),
      run: async (api, args, settings) => {
        const event = (await api.request('POST', `/calendar/v3/calendars/${encodeURIComponent(settings.calendarId!)}/events`, {
          json: {
            summary: args.summary,
            ...(args.description ? { description: args.description } : {}),
            start: { dateTime: args.start, timeZone: settings.timeZone },
            end: { dateTime: args.end, timeZone: settings.timeZone },
            ...(args.attendeeEmail ? { attendees: [{ email: args.attendeeEmail }] } : {}),
          },
        })) as { id: string; status: string; htmlLink: string; start: unknown; end: unknown };
        return { eventId: event.id, status: event.status, start: event.start, end: event.end, link: event.htmlLink };
      },
    }),
    providerTool({
      name: 'cancel_appointment',
      description: 'Cancels an appointment booked in the calendar, by its event id.',
      input: z.object({ eventId: z.string().min(1).max(1_024).describe("The event's id, as booking answered it") }),
      run: async (api, args, settings) => {
        await api.request(
          'DELETE',
          `/calendar/v3/calendars/${encodeURIComponent(settings.calendarId!)}/events/${encodeURIComponent(args.eventId)}`,
        );
        return { eventId: args.eventId, status: 'cancelled' };
      },
    }),
  ],
};

function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The slots of `minutes` that fit between busy intervals within [from, to), back to back. */
export function freeSlots(
  from: string,
  to: string,
  busy: { start: string; end: string }[],
  minutes: number,
): { start: string; end: string }[] {
  const length = minutes * 60_000;
  const taken = busy.map((b) => [Date.parse(b.start), Date.parse(b.end)] as const).sort((a, b) => a[0] - b[0]);
  const slots: { start: string; end: string }[] = [];
  let cursor = Date.parse(from);
  const end = Date.parse(to);
  for (const [busyStart, busyEnd] of [...taken, [end, end] as const]) {
    for (; cursor + length <= Math.min(busyStart, end); cursor += length)
      slots.push({ start: new Date(cursor).toISOString(), end: new Date(cursor + length).toISOString() });
    cursor = Math.max(cursor, busyEnd);
  }
  return slots;
}
