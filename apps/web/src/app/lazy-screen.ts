import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import type { ScreenModule } from '../lib/screen-module.ts';

export type { ScreenModule };

/** A screen in its own chunk that can be loaded before it first renders. */
export type LazyScreen = (() => ReactElement) & {
  /** Loads the screen's chunk (and what it waits for); the same promise every time. */
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` that can be loaded ahead: a screen loaded before it renders shows at once, without
 * its Suspense fallback. (React holds back content that replaces a fallback for up to 300 ms, so a
 * first screen that suspended painted that much later: bench:web's LCP.)
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  // `loaded` is set before React learns that `Lazy` resolved, so a mounted screen never switches
  // from one to the other.
  const Screen = () => createElement(loaded ?? Lazy);
  return Object.assign(Screen, { preload });
}
