import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type ParamChanges, withChanges } from './listParams.ts';

/** The URL's search parameters and a stable writer that replaces the history entry (no entry per keystroke). */
export function useListParams(options: { restartPage?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const restartPage = options.restartPage ?? false;
  const update = useCallback(
    (changes: ParamChanges) =>
      setParams((current) => withChanges(current, changes, { restartPage }), { replace: true }),
    [setParams, restartPage],
  );
  return [params, update] as const;
}
