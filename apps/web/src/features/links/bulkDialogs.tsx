import { type ComponentProps, lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';

// The bulk actions' dialogs load with their first open: a list's first screen shows only the bar.
const Cost = lazy(() => import('./CostDialog.tsx').then((m) => ({ default: m.CostDialog })));
const AddToIndex = lazy(() =>
  import('./AddToIndexDialog.tsx').then((m) => ({ default: m.AddToIndexDialog })),
);
const Move = lazy(() => import('./MoveDialog.tsx').then((m) => ({ default: m.MoveDialog })));

export function CostDialog(props: ComponentProps<typeof Cost>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <Cost {...props} />
    </Suspense>
  );
}

export function AddToIndexDialog(props: ComponentProps<typeof AddToIndex>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <AddToIndex {...props} />
    </Suspense>
  );
}

export function MoveDialog(props: ComponentProps<typeof Move>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <Move {...props} />
    </Suspense>
  );
}
