import { lazy, Suspense, useState } from 'react';

// The panel, its checks and crawler records load with the first link opened: a list's first screen does
// without them (about 5 KB brotli less before the campaign page's title).
const Panel = lazy(() => import('./LinkDrawerPanel.tsx').then((m) => ({ default: m.LinkDrawerPanel })));

/** The link side panel (LinkDrawerPanel), mounted from the first link opened on, so it can animate closed. */
export function LinkDrawer({ linkId, onClose }: { linkId: number | null; onClose: () => void }) {
  const [opened, setOpened] = useState(linkId !== null);
  if (linkId !== null && !opened) setOpened(true);
  if (!opened && linkId === null) return null;
  return (
    <Suspense>
      <Panel linkId={linkId} onClose={onClose} />
    </Suspense>
  );
}
