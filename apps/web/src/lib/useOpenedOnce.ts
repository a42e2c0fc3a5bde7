import { useState } from 'react';

/**
 * Whether a modal has been opened at least once: until then the page does not build its closed tree on
 * the first render (the campaign page's upload and export modals were a tenth of it); once opened it stays
 * mounted, so its closing animation plays. The dialogs of `ui` mount their Radix root only then too: a
 * closed one sets state while React commits the page (its presence), and an update there makes React run
 * every effect of the new page in that same task (on a phone's cold load, one blocking task of ~100 ms).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
