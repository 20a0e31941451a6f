import { IconButton, type IconButtonProps } from '@botdeck/ui';
import { type PointerEvent, type ReactNode, Suspense, useState } from 'react';

/** How the menu is to start when it takes the plain button's place. */
export interface MenuStart {
  /** The button was pressed: the menu opens as it mounts. */
  openAtOnce: boolean;
  /** The button had the focus: the menu's own button takes it as it mounts. */
  focusButton: boolean;
}

export interface MenuOnFirstUseProps extends Pick<IconButtonProps, 'label' | 'variant' | 'size'> {
  /** The button's icon, the same as the menu's own button shows. */
  icon: ReactNode;
  /**
   * The menu with its own button (a lazily loaded DropdownMenu), started as `start` says. It
   * must look like the plain button, which shows in its place until it is first used.
   */
  menu: (start: MenuStart) => ReactNode;
}

/**
 * A menu button that is a plain button until it is first focused or pressed, and only then
 * mounts the menu (Radix's state, positioning and focus handling, and its code, from a chunk of
 * its own) in its place. A page with a menu per card, or a first screen that should not wait for
 * a menu's code, pays for a button. A press opens the menu at once; a focus hands the focus to
 * the menu's own button, so Enter, Space and the arrows then work as on any menu button.
 */
export function MenuOnFirstUse({ label, variant, size, icon, menu }: MenuOnFirstUseProps) {
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
  return <Suspense fallback={stand}>{menu(start)}</Suspense>;
}
