import { useMutation } from '@tanstack/react-query';
import { type Backlink, linksApi } from './links.ts';
import { useRefreshLinks } from './refresh.ts';

/** Deletes a backlink of the panel's link; every link read is refreshed before `onDeleted` is told. */
export function useDeleteBacklink({
  onDeleted,
  onError,
}: {
  onDeleted: () => void;
  onError: (error: Error) => void;
}) {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: (backlink: Backlink) => linksApi.deleteBacklink(backlink.id),
    onSuccess: async () => {
      await refresh();
      onDeleted();
    },
    onError,
  });
}
