import { formatCount } from '../../../shared/format.js';

export const VOTE_LABEL = { yes: 'OUI', no: 'NON' } as const;

/** Said to a visitor once a prediction they voted on is resolved. */
export const VERDICT_TEXT = { right: 'Vous aviez vu juste', wrong: 'Pas cette fois' } as const;

export { votesLabel } from '../../../shared/format.js';

export function participantsLabel(count: number): string {
  return `${formatCount(count)} ${count > 1 ? 'participants' : 'participant'}`;
}
