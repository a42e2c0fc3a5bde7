import { useState } from 'react';

/**
 * Whether a modal has been opened at least once: until then the page does not build its closed tree on
 * the first render (the campaign page's upload and export modals were a tenth of it); once opened it stays
 * mounted, so its closing animation plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
