/** Numbers written the French way, for the browser and for the server's share pages and images alike. */
const integer = new Intl.NumberFormat('fr-FR');
const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The narrow no-break space French puts between a number and "%" (and Intl puts between thousands). */
export const NARROW_NBSP = '\u202F';

/** "12 345" with the French thin space. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** "42,5" */
export function formatPercentOneDecimal(value: number): string {
  return oneDecimal.format(value);
}

/** "1 234 votes", "1 vote", "0 vote" (French: the plural starts at two). */
export function votesLabel(count: number): string {
  return `${formatCount(count)} ${count > 1 ? 'votes' : 'vote'}`;
}
