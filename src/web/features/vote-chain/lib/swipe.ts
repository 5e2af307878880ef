import type { ChainAction } from '../../../../shared/vote-queue.js';

/** How far a card must be dragged, in CSS pixels, to count; a shorter drag snaps back. */
export const SWIPE_THRESHOLD_PX = 80;

/**
 * The action of a drag released `dx` to the right and `dy` downwards: right is OUI, left is NON, up is Passer.
 * The larger of the two movements decides; a drag down or one below the threshold does nothing.
 */
export function swipeAction(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): ChainAction | null {
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (dx >= threshold) return 'yes';
    if (dx <= -threshold) return 'no';
    return null;
  }
  return dy <= -threshold ? 'skip' : null;
}

/** Which of the three actions an arrow key stands for on a large screen. */
export function keyAction(key: string): ChainAction | null {
  if (key === 'ArrowRight') return 'yes';
  if (key === 'ArrowLeft') return 'no';
  if (key === 'ArrowUp' || key === 'ArrowDown') return 'skip';
  return null;
}
