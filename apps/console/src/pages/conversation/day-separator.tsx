import { useTranslation } from 'react-i18next';
import { dayName, dayStart } from './timeline-window';

/** The date before a day's messages: Today, Yesterday, or the date written out in the reader's language. */
export function DaySeparator({ day }: { day: string }) {
  const { t, i18n } = useTranslation();
  const name = dayName(day, new Date());
  const label =
    name === 'date' ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(dayStart(day)) : t(`reading.${name}`);
  return (
    <li className="day-separator">
      <time dateTime={day}>{label}</time>
    </li>
  );
}
