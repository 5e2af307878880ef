export { formatCount, formatPercentOneDecimal } from '../../shared/format.js';

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Indian/Reunion' });

/** "12 mars 2026", in the island's time zone so the day never shifts for a visitor abroad. */
export function formatLongDate(iso: string | Date): string {
  return longDate.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const dayAndTime = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Indian/Reunion',
});
const dayMonthYear = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Indian/Reunion',
});

/** Where a history chart starts: "22 nov., 15:00" over 24 hours, "17 nov. 2026" over longer periods. */
export function formatHistoryStart(time: number, range: string): string {
  return (range === '24h' ? dayAndTime : dayMonthYear).format(new Date(time));
}

const dayMonth = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Indian/Reunion' });
const hourMinute = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Indian/Reunion',
});

/** "24 novembre à 14 h 05", in the island's time zone: when the data shown offline was read. */
export function formatDayAndTime(time: number | Date): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  const parts = hourMinute.formatToParts(date);
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '';
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '';
  return `${dayMonth.format(date)} à ${hour} h ${minute}`;
}
