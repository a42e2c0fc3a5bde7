import { useRef } from 'react';

/**
 * Radix gives the focus back to a Dialog.Trigger on close; ours open from plain buttons (state in the
 * page), so without this the focus fell to the page's start. Remembers what had the focus when the
 * dialog opened and returns it there, if that element is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected || element === document.body) return;
      event.preventDefault();
      element.focus();
    },
  };
}
