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

/**
 * A screen's code, asked again under a fresh address when the first request failed (the network dropped): browsers
 * keep a failed module import and answer every later import of the same address with the same failure, so the
 * screen would never open again in this visit. The failure names the module's address in Chromium and Firefox.
 */
export async function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  // `load` must be the bare `import()`: what the retry answers is the module itself.
  try {
    return await load();
  } catch (error) {
    const address = /\bhttps?:\/\/\S+?\.js\b/.exec(error instanceof Error ? error.message : '')?.[0];
    if (address === undefined || !address.startsWith(window.location.origin)) throw error;
    return (await import(/* @vite-ignore */ `${address}?retry=${Date.now()}`)) as T;
  }
}

/** A screen's code and the sheet it is drawn with, fetched together. */
export async function withScreenStyles<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadScreenStyles()]);
  return loaded;
}
