import { USAGE_ACTOR_TYPES, type UsageActorType } from '@platica/contracts';

/** Conversations of one local day under one key of the breakdown (`null`: no agent, no tag). */
export interface DayCount {
  day: string;
  key: string | null;
  value: number;
}

/** Billable messages of one actor (`actorId`: the user, for `user`; otherwise null). */
export interface ActorCount {
  actorType: string;
  actorId: string | null;
  messages: number;
}

/** Sums rows that name the same day and key (the aggregates' part and the edges' recount). */
export function mergeDayCounts(...parts: DayCount[][]): DayCount[] {
  const merged = new Map<string, DayCount>();
  for (const row of parts.flat()) {
    const id = `${row.day}\u0000${row.key ?? '\u0001'}`;
    const found = merged.get(id);
    if (found) found.value += row.value;
    else merged.set(id, { ...row });
  }
  return [...merged.values()].filter((row) => row.value !== 0);
}

export function mergeActorCounts(...parts: ActorCount[][]): ActorCount[] {
  const merged = new Map<string, ActorCount>();
  for (const row of parts.flat()) {
    const id = `${row.actorType}\u0000${row.actorId ?? ''}`;
    const found = merged.get(id);
    if (found) found.messages += row.messages;
    else merged.set(id, { ...row });
  }
  return [...merged.values()].filter((row) => row.messages !== 0);
}

const compareKeys = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '') || (a === null ? -1 : b === null ? 1 : 0);

/**
 * `breakdown{totals, series}` from daily counts: totals by value (largest first, then key),
 * series by day then key; only days with conversations appear.
 */
export function breakdownOf(rows: DayCount[], label: (key: string | null) => string) {
  const totals = new Map<string | null, number>();
  for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + row.value);
  return {
    totals: [...totals]
      .map(([key, value]) => ({ key, label: label(key), value }))
      .sort((a, b) => b.value - a.value || compareKeys(a.key, b.key)),
    series: rows
      .map((row) => ({ date: row.day, key: row.key, label: label(row.key), value: row.value }))
      .sort((a, b) => a.date.localeCompare(b.date) || compareKeys(a.key, b.key)),
  };
}

/** ARCHITECTURE.md › Usage figures: 100 × (conversations − assisted) / conversations, 0 when none; two decimals. */
export function autonomyRate(conversations: number, assisted: number): number {
  if (conversations <= 0) return 0;
  return Math.round((10_000 * (conversations - assisted)) / conversations) / 100;
}

/**
 * `actorTypes` (every type, zeros included, in the spec's order), `workspaceUsers` (the
 * workspace's users and any other user who sent in the range, most messages first) and
 * `summary.totalMessages` (their sum).
 */
export function actorFigures(rows: ActorCount[], users: { id: string; email: string }[]) {
  const byType = new Map<string, number>();
  const byUser = new Map<string, number>();
  for (const row of rows) {
    byType.set(row.actorType, (byType.get(row.actorType) ?? 0) + row.messages);
    if (row.actorType === 'user' && row.actorId) byUser.set(row.actorId, (byUser.get(row.actorId) ?? 0) + row.messages);
  }
  const emails = new Map(users.map((u) => [u.id, u.email]));
  const userIds = [...new Set([...users.map((u) => u.id), ...byUser.keys()])];
  const actorTypes = USAGE_ACTOR_TYPES.map((actorType: UsageActorType) => ({ actorType, messages: byType.get(actorType) ?? 0 }));
  return {
    actorTypes,
    workspaceUsers: userIds
      .map((userId) => ({ userId, email: emails.get(userId) ?? null, messages: byUser.get(userId) ?? 0 }))
      .sort((a, b) => b.messages - a.messages || (a.email ?? '~').localeCompare(b.email ?? '~') || a.userId.localeCompare(b.userId)),
    summary: { totalMessages: actorTypes.reduce((sum, t) => sum + t.messages, 0) },
  };
}

const PLATFORM_LABELS: Record<string, string> = { whatsapp: 'WhatsApp', instagram: 'Instagram', facebook: 'Messenger', service: 'Chat' };

export function platformLabel(key: string | null): string {
  return key === null ? 'Unknown' : (PLATFORM_LABELS[key] ?? key);
}
