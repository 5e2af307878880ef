/**
 * What the visitor typed in the search box of the server's page before the app ran. On a slow phone that page is
 * on screen for seconds before its script starts; hydration then writes the app's empty search into the box, and
 * the text the visitor typed would vanish, the list unfiltered. It is read just before hydration, and the app starts
 * its search from it on the render after hydration (`useDeviceValue`).
 */
let typed = '';

/** Reads the server's search boxes (the home's, and the header's on wide screens) before hydration. */
export function keepSearchTypedBeforeStart(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="search"]')) {
    if (input.value.trim() !== '') typed = input.value;
  }
}

/** The text typed before the app ran ('' when none). */
export function searchTypedBeforeStart(): string {
  return typed;
}
