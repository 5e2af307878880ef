/** Links to a prediction's detail: built by the cards and the share button, parsed by the app shell. */
export const PREDICTION_HASH_PREFIX = 'prediction-';

export function predictionHash(id: string): string {
  return `#${PREDICTION_HASH_PREFIX}${encodeURIComponent(id)}`;
}

export function predictionUrl(id: string): string {
  return `${window.location.origin}${window.location.pathname}${window.location.search}${predictionHash(id)}`;
}
