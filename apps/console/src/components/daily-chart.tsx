import { useTranslation } from 'react-i18next';

export interface DailyPoint {
  date: string;
  key: string | null;
  label: string;
  value: number;
}

/** Distinguishable on light backgrounds; a series past the last reuses the palette. */
const PALETTE = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7ea4', '#57606a'];
const HEIGHT = 160;
const BAR_GAP = 2;

/** Every day from `start` to `end` (both `YYYY-MM-DD`, both included). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${start}T00:00:00Z`); at <= Date.parse(`${end}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * A daily series as stacked bars, one colour per key, every day of the range shown (a day
 * without any is an empty slot). The same figures follow as a table: what a screen reader
 * reads, and what a person copies.
 */
export function DailyChart({ title, days, points }: { title: string; days: string[]; points: DailyPoint[] }) {
  const { t } = useTranslation();
  const keys = [...new Map(points.map((p) => [p.key, p.label])).entries()];
  const colour = (key: string | null) => PALETTE[keys.findIndex(([k]) => k === key) % PALETTE.length];
  const byDay = new Map<string, DailyPoint[]>();
  for (const point of points) byDay.set(point.date, [...(byDay.get(point.date) ?? []), point]);
  const highest = Math.max(1, ...days.map((day) => (byDay.get(day) ?? []).reduce((sum, p) => sum + p.value, 0)));
  const slot = Math.max(4, Math.floor(720 / Math.max(days.length, 1)));
  const width = slot * days.length;
  const nameOf = (key: string | null, label: string) => (key === null ? t('usage.none') : label);

  return (
    <figure>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" height={HEIGHT} preserveAspectRatio="none" aria-hidden="true">
        {days.map((day, index) => {
          let top = HEIGHT;
          return (byDay.get(day) ?? []).map((point) => {
            const height = (point.value / highest) * HEIGHT;
            top -= height;
            return (
              <rect key={`${day}-${point.key}`} x={index * slot} y={top} width={slot - BAR_GAP} height={height} fill={colour(point.key)}>
                <title>{`${day} · ${nameOf(point.key, point.label)}: ${point.value}`}</title>
              </rect>
            );
          });
        })}
      </svg>
      <ul className="legend">
        {keys.map(([key, label]) => (
          <li key={String(key)}>
            <span className="swatch" style={{ background: colour(key) }} aria-hidden="true" />
            {nameOf(key, label)}
          </li>
        ))}
      </ul>
      <div className="overflow-auto">
        <table aria-label={t('usage.seriesTable', { title })}>
          <thead>
            <tr>
              <th scope="col">{t('usage.day')}</th>
              {keys.map(([key, label]) => (
                <th scope="col" key={String(key)}>
                  {nameOf(key, label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days
              .filter((day) => byDay.has(day))
              .map((day) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {keys.map(([key]) => (
                    <td key={String(key)}>{byDay.get(day)?.find((p) => p.key === key)?.value ?? 0}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
