import { useRef } from 'react';

/** How to find the opener again if the page drew it anew meanwhile (a table row re-rendered). */
function locatorOf(element: HTMLElement): string | null {
  if (element.id) return `#${cssEscape(element.id)}`;
  const label = element.getAttribute('aria-label');
  return label ? `${element.localName}[aria-label="${cssEscape(label)}"]` : null;
}

/** CSS.escape where the browser has it (jsdom, under the unit tests, does not). */
function cssEscape(value: string): string {
  return typeof globalThis.CSS?.escape === 'function'
    ? CSS.escape(value)
    : value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}

type Opener = { element: HTMLElement; locator: string | null };

/**
 * The element that last had the focus: a click that opens a dialog may draw its opener anew in the
 * same render (a table row), before the dialog asks what had the focus.
 */
let lastFocused: Opener | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement) lastFocused = { element: target, locator: locatorOf(target) };
  });
}

/**
 * Radix gives the focus back to a Dialog.Trigger on close; ours open from plain buttons (state in the
 * page), so without this the focus fell to the page's start. Remembers what had the focus when the
 * dialog opened and returns it there; if that element was replaced meanwhile, to the one with its id or
 * name (a link's row drawn again while its panel was open).
 */
export function useReturnFocus() {
  const opener = useRef<Opener | null>(null);
  return {
    onOpenAutoFocus: () => {
      const element = document.activeElement;
      opener.current =
        element instanceof HTMLElement && element !== document.body
          ? { element, locator: locatorOf(element) }
          : lastFocused;
    },
    onCloseAutoFocus: (event: Event) => {
      const remembered = opener.current;
      opener.current = null;
      if (!remembered) return;
      const element = remembered.element.isConnected
        ? remembered.element
        : remembered.locator
          ? document.querySelector<HTMLElement>(remembered.locator)
          : null;
      if (!element) return;
      event.preventDefault();
      element.focus();
    },
  };
}
