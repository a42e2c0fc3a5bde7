import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@/api/client.ts';
import { taskKeys } from '@/features/tasks';
import { downloadExport, type ExportOutcome } from '@/lib/download.ts';
import { linkKeys } from './keys.ts';
import { linksApi } from './links.ts';
import { uploadLinks } from './uploadFile.ts';

// The links pages' writes. Notices, closing and form errors stay with the component; what is read
// again after a write is decided here.

/** The links (the ticked ones, or what the filters show) as a file, or mailed when the server says so. */
export function useExportLinks(
  { query, selected, format }: { query: Query; selected: readonly number[]; format: 'csv' | 'xlsx' },
  callbacks: { onSuccess: (outcome: ExportOutcome) => void },
) {
  return useMutation({
    mutationFn: () =>
      downloadExport({
        path: 'links/export',
        query: { ...query, ...(selected.length ? { links: selected } : {}), format },
        fallbackName: `export_links.${format}`,
      }),
    ...callbacks,
  });
}

/** The upload's errors (422 field errors included) are shown by the modal from the mutation's state. */
export function useUploadLinks({
  campaign,
  onProgress,
}: {
  campaign: string | number;
  onProgress: (percent: number) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLinks({ campaign, file, onProgress }),
    // New links change what a check of the campaign costs, shown on its header's task buttons.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: linkKeys.all }),
        client.invalidateQueries({ queryKey: taskKeys.all }),
      ]),
  });
}

type LinkUpdate = { id: string | number; payload: { url: string; comment: string | null } };

/** `PUT links/{id}`: the links are read again before the component hears of the success. */
export function useUpdateLink(callbacks: { onSuccess: () => void; onError?: (error: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: LinkUpdate) => linksApi.update(id, payload),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: linkKeys.all });
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}
