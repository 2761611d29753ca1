import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The open tab, kept in the URL's `?tab=` so a tab can be linked to and survives a reload.
 * An unknown value opens the first tab.
 */
export function useTabParam<T extends string>(values: readonly T[]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = values.find((value) => value === requested) ?? values[0]!;
  const select = useCallback(
    (value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === values[0]) next.delete('tab');
          else next.set('tab', value);
          return next;
        },
        { replace: true },
      ),
    [setParams, values],
  );
  return [current, select];
}
