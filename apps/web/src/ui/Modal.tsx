import { lazyModule } from '@/lib/lazyModule.ts';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';
import type { ModalProps } from './ModalPopup.tsx';

// The dialog and Radix's with it come in a chunk of their own (lib/lazyModule.ts): no page's first download.
const popup = lazyModule(() => import('./ModalPopup.tsx'));

/** A centred dialog with a focus trap (radix), a title, a body and an optional footer of buttons. */
export function Modal(props: ModalProps) {
  const Popup = popup.useLoaded(useOpenedOnce(props.open))?.ModalPopup;
  return Popup ? <Popup {...props} /> : null;
}
