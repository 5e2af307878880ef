import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.js';

export type Theme = 'light' | 'dark';

/** Stored preference if valid, else the system preference, else dark. */
export function initialTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  if (typeof window.matchMedia !== 'function') return 'dark';
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#020617' : '#f8fafc');
}

const listeners = new Set<() => void>();
let current: Theme | null = null;

function getTheme(): Theme {
  current ??= initialTheme();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  // The server cannot know the device's theme: it renders (and hydration first reads) the dark one, and the
  // page's colours come from the class theme-init.js sets before the first paint, never from this value.
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'dark' as const);
  const toggleTheme = useCallback(() => setTheme(getTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
