import { useEffect, useState } from 'react';
import { afterPageShown } from './afterPageLoad.ts';
import { prefetchAllowed } from './connection.ts';

export type LazyModule<T> = {
  /** The module once loaded, else `undefined`; asked with `wanted`, it starts the download and re-renders when in. */
  useLoaded: (wanted: boolean) => T | undefined;
  load: () => Promise<T>;
  /** The module if loaded. */
  current: () => T | undefined;
};

const everyLoad = new Set<() => Promise<unknown>>();

/** Unit tests open popups at once, as a visit does once they have loaded. */
export function loadLazyModulesForTests(): Promise<unknown> {
  return Promise.all([...everyLoad].map((load) => load()));
}

const USER_ACTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;

/**
 * Runs `work` at the user's first move, touch or key press once the first page is shown ("import on
 * interaction"): a menu or a dialog is then in by the time it is opened, and a page that is only read
 * never downloads nor runs it (its evaluation, in an idle moment after the page, was a 100 ms task on a
 * phone).
 */
function whenUserActs(work: () => void): void {
  afterPageShown(() => {
    // On 2g or with data saver on, the chunk waits until it is wanted (spec 9).
    if (!prefetchAllowed()) return;
    const act = () => {
      for (const type of USER_ACTS) window.removeEventListener(type, act, true);
      work();
    };
    for (const type of USER_ACTS) window.addEventListener(type, act, { capture: true, passive: true });
  });
}

/**
 * A module in a chunk of its own that a page does without until asked (a menu, a dialog and the libraries
 * behind them): its download starts when it is first wanted, or at the user's first move once the first
 * page is shown (whenUserActs). Once in, it renders without suspending.
 */
export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const load = () => {
    loading ??= importModule().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  everyLoad.add(load);
  if (typeof window !== 'undefined') whenUserActs(() => void load().catch(() => {}));

  function useLoaded(wanted: boolean): T | undefined {
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (!wanted || loaded) return;
      let live = true;
      load().then(
        () => live && setArrived(true),
        () => {},
      );
      return () => {
        live = false;
      };
    }, [wanted]);
    return wanted ? loaded : undefined;
  }
  return { useLoaded, load, current: () => loaded };
}
