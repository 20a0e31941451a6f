import { useCallback, useState } from 'react';

/**
 * Open state that is controlled when `open` is given and kept here otherwise; either way the
 * caller hears of every change through `onChange`.
 */
export function useOpenState(
  open: boolean | undefined,
  defaultOpen: boolean,
  onChange: ((open: boolean) => void) | undefined,
): [boolean, (next: boolean) => void] {
  const [own, setOwn] = useState(defaultOpen);
  const current = open ?? own;
  const set = useCallback(
    (next: boolean) => {
      if (open === undefined) setOwn(next);
      onChange?.(next);
    },
    [open, onChange],
  );
  return [current, set];
}
