import type { Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';
import { useLayoutEffect, useMemo, useReducer } from 'react';
import { flushSync } from 'react-dom';

/** TanStack Virtual's framework-free core: read after the first screen (docs/decisions/043, amended 2026-11-28). */
export type VirtualCore = typeof import('@tanstack/virtual-core');

/** The options of a window's virtualizer that its caller chooses (the scrolling element is the window). */
export type WindowVirtualizerOptions<Item extends Element> = Omit<
  VirtualizerOptions<Window, Item>,
  'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'initialOffset' | 'onChange'
>;

let coreRead: VirtualCore | null = null;

/** Virtualizers measuring a row from its ref callback: the size is applied in that same commit, no render forced. */
const measuring = new WeakSet<object>();

/** The core, once read: from its own file, so the first screen's script holds none of it. */
export function readVirtualCore(): Promise<VirtualCore> {
  return import('@tanstack/virtual-core').then((core) => (coreRead = core));
}

/** The core if some list already read it (a later screen uses it at once), else null. */
export function virtualCoreIfRead(): VirtualCore | null {
  return coreRead;
}

/**
 * TanStack Virtual's window virtualizer, as `@tanstack/react-virtual`'s `useWindowVirtualizer` makes it, for a core
 * that arrives after the component first rendered: null until then, so the component draws what it drew on the
 * server meanwhile, and its hooks are the same from the first render on. Rows are computed during the render that
 * uses them, so a new list is never drawn with the rows of the one before.
 */
export function useWindowVirtualizer<Item extends Element>(
  core: VirtualCore | null,
  options: WindowVirtualizerOptions<Item>,
): Virtualizer<Window, Item> | null {
  const rerender = useReducer((count: number) => count + 1, 0)[1];
  const resolved: VirtualizerOptions<Window, Item> = {
    ...options,
    getScrollElement: () => window,
    observeElementRect: core?.observeWindowRect ?? (() => undefined),
    observeElementOffset: core?.observeWindowOffset ?? (() => undefined),
    scrollToFn: core?.windowScroll ?? (() => undefined),
    initialOffset: () => window.scrollY,
    onChange: (changed, sync) => {
      if (sync && !measuring.has(changed)) flushSync(rerender);
      else rerender();
    },
  };
  // Made once the core is here; its options are set again at each render, as the React adapter does.
  const instance = useMemo(() => {
    if (!core) return null;
    const virtualizer = new core.Virtualizer<Window, Item>(resolved);
    const measure = virtualizer.measureElement;
    virtualizer.measureElement = (node) => {
      measuring.add(virtualizer);
      try {
        measure(node);
      } finally {
        measuring.delete(virtualizer);
      }
    };
    return virtualizer;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once per core; `resolved` is applied below at each render
  }, [core]);
  instance?.setOptions(resolved);
  useLayoutEffect(() => instance?._didMount(), [instance]);
  useLayoutEffect(() => instance?._willUpdate());
  return instance;
}
