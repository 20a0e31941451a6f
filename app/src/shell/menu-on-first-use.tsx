import { fetchLater, IconButton } from '@botdeck/ui';
import { type PointerEvent, Suspense, useEffect, useState } from 'react';
import type { MenuOnFirstUseProps, MenuStart } from './actions-menu';
import { lazyPart } from './lazy-part';

export type { MenuAction } from './actions-menu';

const actionsMenu = lazyPart(() => import('./actions-menu').then((m) => m.default));
const ActionsMenu = actionsMenu.Part;

/**
 * Fetches the menu's code ahead of its first use once `ready` (the screen has its data, or knows
 * it shows menus), at the first interaction or well after load (fetchLater): off the first
 * load's path, and there before the first press.
 */
export function usePreloadedActionsMenu(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    return fetchLater(() => void actionsMenu.preload().catch(() => undefined));
  }, [ready]);
}

/**
 * A menu button that is a plain button until it is first focused or pressed, and only then
 * mounts the menu (ActionsMenu: Radix's state, positioning and focus handling, and its code,
 * from a chunk of its own) in its place. A page with a menu per row or card, or a first screen
 * that should not wait for a menu's code, pays for a button. A press opens the menu at once; a
 * focus hands the focus to the menu's own button, so Enter, Space and the arrows then work as on
 * any menu button.
 */
export function MenuOnFirstUse(props: MenuOnFirstUseProps) {
  const { label, variant, size, disabled, icon } = props;
  const [start, setStart] = useState<MenuStart | null>(null);
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || event.ctrlKey) return;
    // As the menu's own button does: no focus on the button, so the open menu takes it.
    event.preventDefault();
    setStart({ openAtOnce: true, focusButton: false });
  };
  const stand = (
    <IconButton
      label={label}
      variant={variant}
      size={size}
      disabled={disabled}
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => setStart((was) => was ?? { openAtOnce: false, focusButton: true })}
      onPointerDown={press}
      // A click without a pointer press: a screen reader's activation, or Enter before focus.
      onClick={() => setStart({ openAtOnce: true, focusButton: false })}
    >
      {icon}
    </IconButton>
  );
  if (start === null) return stand;
  return (
    <Suspense fallback={stand}>
      {/* A menu whose code could not arrive is reported, and the plain button comes back. */}
      <ActionsMenu {...props} {...start} onLoadFailed={() => setStart(null)} />
    </Suspense>
  );
}
