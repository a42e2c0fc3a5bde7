import { useMutation } from '@tanstack/react-query';
import type { Query } from '@/api/client.ts';
import { downloadExport, type ExportOutcome } from '@/lib/download.ts';

type Callbacks = { onSuccess: (outcome: ExportOutcome) => void; onError: (error: Error) => void };

/** The anchors of a scope (project, tier) as CSV: a file, or mailed when the server says it is too big. */
export function useExportAnchors(scope: Query, callbacks: Callbacks) {
  return useMutation({
    mutationFn: () =>
      downloadExport({
        path: 'anchors/export',
        query: { ...scope, format: 'csv' },
        fallbackName: 'anchor_links.csv',
      }),
    ...callbacks,
  });
}
