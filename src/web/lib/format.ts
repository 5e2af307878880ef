const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Indian/Reunion' });
const integer = new Intl.NumberFormat('fr-FR');
const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "12 mars 2026", in the island's time zone so the day never shifts for a visitor abroad. */
export function formatLongDate(iso: string | Date): string {
  return longDate.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** "12 345" with the French thin space. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** "42,5" */
export function formatPercentOneDecimal(value: number): string {
  return oneDecimal.format(value);
}
