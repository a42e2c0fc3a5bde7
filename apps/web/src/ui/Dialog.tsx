import { lazyModule } from '@/lib/lazyModule.ts';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';
import type { ConfirmDialogProps } from './ConfirmDialogPopup.tsx';

// The dialog and Radix's with it come in a chunk of their own (lib/lazyModule.ts).
const popup = lazyModule(() => import('./ConfirmDialogPopup.tsx'));

/** A blocking question with two answers (the unsaved-changes warning, deletions). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const Popup = popup.useLoaded(useOpenedOnce(props.open))?.ConfirmDialogPopup;
  return Popup ? <Popup {...props} /> : null;
}
