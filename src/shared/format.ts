/**
 * Numbers and sentences written the French way, for the browser and for the server's share pages and images alike:
 * every percentage and every spacing rule of French typography comes from here.
 */
import { formatText } from './messages.js';

/**
 * An Intl formatter made at its first use, not when the module loads: each costs milliseconds to make on a slow phone
 * (the French locale's data, a time zone's rules), and the first screen uses few of them
 * (docs/decisions/048-first-screen-script-diet.md).
 */
export function madeOnUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const integer = madeOnUse(() => new Intl.NumberFormat('fr-FR'));
const oneDecimal = madeOnUse(() => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** The narrow no-break space French puts before "?", "!", ";" and "%" (and Intl puts between thousands). */
export const NARROW_NBSP = '\u202F';
/** The no-break space French puts before ":" and inside « guillemets ». */
export const NBSP = '\u00A0';

/** Digits in threes from the right, apart with the narrow no-break space: what fr-FR's Intl writes. */
function groupDigits(digits: string): string {
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += NARROW_NBSP + digits.slice(at, at + 3);
  return grouped;
}

function groupedInteger(value: number): string {
  const grouped = groupDigits(String(Math.abs(value)));
  return value < 0 ? `-${grouped}` : grouped;
}

/** "12 345" with the French thin space. */
export function formatCount(value: number): string {
  // Whole numbers (every percentage and vote count) are written here: making the first Intl.NumberFormat took some
  // 57 ms of a phone's hydration (4× CPU slowdown), for the cards' « 1 234 votes ». Fractions and -0 go to Intl.
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return groupedInteger(value);
  return integer().format(value);
}

/** "42,5" */
export function formatPercentOneDecimal(value: number): string {
  // Written here like whole numbers (the communes' shares made the formatter during a page's first render). Rounded as
  // Intl does: the number's shortest decimal writing (0.35, not the double just under it) to the nearest tenth, away
  // from zero on a tie. Numbers JavaScript writes with an exponent go to Intl.
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) return oneDecimal().format(value);
  const [whole = '', fraction = ''] = text.split('.');
  const tenths = BigInt(whole + (fraction[0] ?? '0')) + ((fraction[1] ?? '0') >= '5' ? 1n : 0n);
  const digits = tenths.toString().padStart(2, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupDigits(digits.slice(0, -1))},${digits.slice(-1)}`;
}

/** "46 %" (whole) or "46,1 %" (one decimal), the number and its sign never parted at the end of a line. */
export function formatPercent(value: number, decimals: 0 | 1 = 0): string {
  return `${decimals === 1 ? formatPercentOneDecimal(value) : formatCount(value)}${NARROW_NBSP}%`;
}

/** "1 234 votes", "1 vote", "0 vote" (French: the plural starts at two). */
export function votesLabel(count: number): string {
  return formatText.votes(count, formatCount(count));
}

// Letters of French words, accented ones included: an apostrophe between two of them is an elision (l'île).
const LETTER = '[A-Za-zÀ-ÖØ-öø-ÿŒœ]';
const SPACES = '[ \\u00A0\\u202F]';

/**
 * The rules of French typography, in order: a narrow no-break space before "?", "!", ";" and "%" and between a
 * number's groups of thousands (100 000), a no-break space before ":" and "€" and inside « guillemets », and the
 * typographic apostrophe (l’île). Compiled once: every card's title goes through them at each render.
 */
const FRENCH_TYPOGRAPHY: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`(${LETTER})'(?=${LETTER})`, 'g'), '$1’'],
  [new RegExp(`([^\\s?!;:.…(«])${SPACES}*([?!;])(?=[\\s?!»”)]|$)`, 'g'), `$1${NARROW_NBSP}$2`],
  [new RegExp(`([^\\s:?!;.…(«])${SPACES}*:(?=\\s|$)`, 'g'), `$1${NBSP}:`],
  [new RegExp(`(\\d)${SPACES}*%`, 'g'), `$1${NARROW_NBSP}%`],
  [new RegExp(`(\\d)${SPACES}*€`, 'g'), `$1${NBSP}€`],
  [new RegExp(`(\\d)${SPACES}(?=\\d{3}(?!\\d))`, 'g'), `$1${NARROW_NBSP}`],
  [new RegExp(`«${SPACES}*`, 'g'), `«${NBSP}`],
  [new RegExp(`${SPACES}*»`, 'g'), `${NBSP}»`],
];

/**
 * A French sentence with its typography (the rules above): a line then never starts with a lone "?" or ":".
 * Colons inside a word or a time (https://, 14:05) and punctuation that follows other punctuation ("?!", "...") are
 * left as they are. Applying it twice changes nothing.
 */
export function frenchTypography(text: string): string {
  return FRENCH_TYPOGRAPHY.reduce((result, [rule, replacement]) => result.replace(rule, replacement), text);
}

// ---- dates, in the island's time zone so a day never shifts for a visitor abroad ----
const longDate = madeOnUse(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Indian/Reunion' }));

/** "12 mars 2026", in the island's time zone so the day never shifts for a visitor abroad. */
export function formatLongDate(iso: string | Date): string {
  return firstOfTheMonth(longDate().format(typeof iso === 'string' ? new Date(iso) : iso));
}

const MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';

/** French writes the first day of a month as an ordinal: "1er février", where Intl writes "1 février". */
const FIRST_OF_THE_MONTH = new RegExp(`(^|\\s)1(?=\\s(?:${MONTHS})(?:\\s|$))`, 'g');

export function firstOfTheMonth(date: string): string {
  return date.replace(FIRST_OF_THE_MONTH, '$11er');
}

const dayAndTime = madeOnUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Indian/Reunion',
    }),
);
const dayMonthYear = madeOnUse(
  () => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Indian/Reunion' }),
);

/** Where a history chart starts: "22 nov., 15:00" over 24 hours, "17 nov. 2026" over longer periods. */
export function formatHistoryStart(time: number, range: string): string {
  return (range === '24h' ? dayAndTime() : dayMonthYear()).format(new Date(time));
}

const dayMonth = madeOnUse(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Indian/Reunion' }));
const hourMinute = madeOnUse(
  () => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Indian/Reunion' }),
);

/** "24 novembre à 14 h 05", in the island's time zone: when the data shown offline was read. */
export function formatDayAndTime(time: number | Date): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  const parts = hourMinute().formatToParts(date);
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '';
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '';
  return formatText.dayAndTime(firstOfTheMonth(dayMonth().format(date)), hour, minute);
}

/** "Voir les 3 autres candidats", and for a single one "Voir l’autre candidat". */
export function otherCandidatesLabel(count: number): string {
  return formatText.otherCandidates(count, formatCount(count));
}
