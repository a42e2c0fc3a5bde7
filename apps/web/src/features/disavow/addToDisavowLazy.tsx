import { type ComponentProps, lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';

// The links table's bulk bar shows "Add to disavow" on every list page; its dialog (radio cards and the
// modal's libraries with it) loads with its first open, as the bar's other dialogs do (links/bulkDialogs.tsx).
const Dialog = lazy(() =>
  import('./AddToDisavowDialog.tsx').then((m) => ({ default: m.AddToDisavowDialog })),
);

export function AddToDisavowDialog(props: ComponentProps<typeof Dialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <Dialog {...props} />
    </Suspense>
  );
}
