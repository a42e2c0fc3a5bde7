import { lazyModule } from '@/lib/lazyModule.ts';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';
import type { SidePanelProps } from './SidePanelPopup.tsx';

// The panel and Radix's dialog with it come in a chunk of their own (lib/lazyModule.ts).
const popup = lazyModule(() => import('./SidePanelPopup.tsx'));

/**
 * The one panel from the right edge (create campaign, the link details): a modal dialog (radix) with
 * a focus trap, Escape and overlay click to close, a title, an optional description and a labelled
 * close button.
 */
export function SidePanel(props: SidePanelProps) {
  const Popup = popup.useLoaded(useOpenedOnce(props.open))?.SidePanelPopup;
  return Popup ? <Popup {...props} /> : null;
}
