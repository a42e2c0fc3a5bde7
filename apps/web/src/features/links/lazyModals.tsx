import { type ComponentProps, lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';

// Loaded with their first open: a list page's first screen does without the modals, their radio cards and
// the upload's result table (their code was in the campaign page's first download, before its title).
const Upload = lazy(() => import('./UploadModal.tsx').then((m) => ({ default: m.UploadModal })));
const Export = lazy(() => import('./ExportModal.tsx').then((m) => ({ default: m.ExportModal })));

export function UploadModal(props: ComponentProps<typeof Upload>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <Upload {...props} />
    </Suspense>
  );
}

export function ExportModal(props: ComponentProps<typeof Export>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <Export {...props} />
    </Suspense>
  );
}
