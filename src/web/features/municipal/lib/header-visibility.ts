import { MUNICIPAL_HEADER_SHOW_SCROLL_PX } from '../../../../shared/constants.js';

/** The page header hides while scrolling down and shows again when scrolling up or near the top. */
export function nextHeaderVisibility(previousY: number, currentY: number, visible: boolean): boolean {
  if (currentY < MUNICIPAL_HEADER_SHOW_SCROLL_PX) return true;
  if (currentY > previousY) return false;
  if (currentY < previousY) return true;
  return visible;
}
