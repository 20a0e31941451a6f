import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  IconButton,
  type IconButtonProps,
} from '@botdeck/ui';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import { useI18n } from '../i18n';

/** How the menu is to start when it takes the plain button's place. */
export interface MenuStart {
  /** The button was pressed: the menu opens as it mounts. */
  openAtOnce: boolean;
  /** The button had the focus: the menu's own button takes it as it mounts. */
  focusButton: boolean;
}

/** One entry of the menu. */
export interface MenuAction {
  key: string;
  label: string;
  icon?: ReactNode;
  variant?: 'default' | 'destructive';
  /** A hairline above it, starting a group. */
  separatorBefore?: boolean;
  /** Shown but not choosable: an action the viewer may not take on this row. */
  disabled?: boolean;
  onSelect: () => void;
}

/** MenuOnFirstUse's button and the menu's entries. */
export interface MenuOnFirstUseProps
  extends Pick<IconButtonProps, 'label' | 'variant' | 'size' | 'disabled'> {
  /** The button's icon. */
  icon: ReactNode;
  actions: readonly MenuAction[];
}

/**
 * The menu MenuOnFirstUse mounts in its plain button's place, in a chunk of its own (Radix's
 * menu with its positioning and focus handling), so no first load carries it. It starts where
 * the plain button left off: open, or with its button focused.
 */
export default function ActionsMenu({
  label,
  icon,
  variant,
  size,
  disabled,
  actions,
  openAtOnce,
  focusButton,
}: MenuOnFirstUseProps & MenuStart) {
  const { dir } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  // Only as it mounts: later renders leave the focus where the person put it.
  const focusAtMount = useRef(focusButton);
  useEffect(() => {
    if (focusAtMount.current) button.current?.focus();
  }, []);
  return (
    <DropdownMenu dir={dir} defaultOpen={openAtOnce}>
      <DropdownMenuTrigger asChild>
        <IconButton ref={button} label={label} variant={variant} size={size} disabled={disabled}>
          {icon}
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {actions.map((action) => (
          <Fragment key={action.key}>
            {action.separatorBefore ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem
              icon={action.icon}
              variant={action.variant ?? 'default'}
              disabled={action.disabled}
              onSelect={action.onSelect}
            >
              {action.label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
