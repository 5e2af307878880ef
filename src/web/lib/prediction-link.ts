import { communeSharePath, predictionSharePath } from '../../shared/share.js';

/** Links to a prediction's detail and a commune's sheet: built by the cards and the share buttons, parsed by the app shell. */
export { COMMUNE_HASH_PREFIX, communeHash, PREDICTION_HASH_PREFIX, predictionHash } from '../../shared/share.js';

/** The share page of a prediction on this site (`/p/<id>`): its preview shows in messaging apps. */
export function predictionShareUrl(id: string): string {
  return `${window.location.origin}${predictionSharePath(id)}`;
}

/** The share page of a commune's election (`/c/<insee>`). */
export function communeShareUrl(id: string): string {
  return `${window.location.origin}${communeSharePath(id)}`;
}
