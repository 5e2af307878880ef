/**
 * The stylesheet of every screen but the first (docs/decisions/041-first-screen-stylesheet.md). The first screen
 * draws with first-screen.css alone; the other screens' code waits for this sheet, so none is ever drawn unstyled.
 */
let loading: Promise<void> | null = null;

/** Loads the sheet once; a failure (no network) is forgotten, so the next screen asks again. */
export function loadScreenStyles(): Promise<void> {
  loading ??= import('../styles.css').then(
    () => undefined,
    () => {
      loading = null;
    },
  );
  return loading;
}

/** A screen's code and the sheet it is drawn with, fetched together. */
export async function withScreenStyles<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadScreenStyles()]);
  return loaded;
}
