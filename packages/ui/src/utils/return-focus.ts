import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix returns focus to a dialog's Trigger on close. Dialogs the app opens itself (after a call
 * answers, from a menu item) have no Trigger, and focus would fall to the page's body; this
 * sends it back to whatever had it when the dialog opened, unless something has taken it since
 * the dialog closed. The caller's own handlers run first and can still prevent it.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = previous.current;
      previous.current = null;
      // Radix reports the close a moment after it (a timer); on a busy phone the dialog's action
      // (CONFIRM_CLOSE_DELAY_MS after the press) may already have put the focus somewhere: in
      // the dialog it opened (a crashed bot's Next opens the token dialog). Focus given back
      // then would take it away again. (A dialog about a field sends the focus there itself,
      // through `onCloseAutoFocus`, as it closes.)
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && active.isConnected) {
        event.preventDefault();
        return;
      }
      if (target?.isConnected) {
        event.preventDefault();
        target.focus({ preventScroll: true });
      }
    },
  };
}
