import type {
  TAdminVideoListResponse,
  TAdminVideoRequest,
  TAdminVideoResponse,
  TAdminWikiArticleRequest,
  TAdminWikiListResponse,
  ZAdminWikiArticleResponse,
  ZAdminWikiPreviewResponse,
} from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/api/client.ts';
import { uploadResource } from '@/api/uploadForm.ts';
import { adminKeys } from './keys.ts';

export type AdminArticle = TAdminWikiListResponse['data'][number];

export interface WikiAdminFilters {
  page: number;
  locale?: string;
  status?: string;
  query?: string;
}

export function useAdminArticles(filters: WikiAdminFilters) {
  return useQuery({
    queryKey: adminKeys.wikiList(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<TAdminWikiListResponse>('admin/wiki', {
        signal,
        query: {
          'page[number]': filters.page,
          'page[size]': 20,
          'filter[locale]': filters.locale,
          'filter[status]': filters.status,
          'filter[query]': filters.query,
        },
      }),
  });
}

export function useAdminArticle(id: number | null) {
  return useQuery({
    queryKey: adminKeys.wikiArticle(id ?? 0),
    enabled: id !== null,
    queryFn: () =>
      api
        .get<TAdminWikiListResponse>('admin/wiki', { query: { 'filter[id]': id ?? 0, 'page[size]': 1 } })
        .then((r) => r.data[0] ?? null),
  });
}

/** The HTML readers would see, from the server's own renderer and sanitiser. */
export function useWikiPreview(content: string) {
  return useQuery({
    queryKey: adminKeys.wikiPreview(content),
    placeholderData: keepPreviousData,
    queryFn: () => api.post<z.infer<typeof ZAdminWikiPreviewResponse>>('admin/wiki/preview', { content }),
  });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TAdminWikiArticleRequest }) =>
      id
        ? api.put<z.infer<typeof ZAdminWikiArticleResponse>>(`admin/wiki/${id}`, body)
        : api.post<z.infer<typeof ZAdminWikiArticleResponse>>('admin/wiki', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.wiki }),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<true>(`admin/wiki/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.wiki }),
  });
}

export type UploadedFile = { id: number; url: string; mime: string; size: number };

/** An image (for the text, a cover or a poster): its id and where it is served. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File): Promise<UploadedFile> =>
      uploadResource<Omit<UploadedFile, 'id'>>('admin/wiki/images', { file }, { onProgress: () => {} }).then(
        (r) => ({ id: r.id, ...r.attributes }),
      ),
  });
}

// Videos ----------------------------------------------------------------------------------------------

export type AdminVideo = TAdminVideoListResponse['data'][number];

/** `aside`: a helper's list (the editor's video picker), whose failure leaves its page alone. */
export function useAdminVideos(filters: { page: number; size?: number }, { aside = false } = {}) {
  return useQuery({
    queryKey: adminKeys.wikiVideos(filters),
    ...(aside ? { throwOnError: false } : {}),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<TAdminVideoListResponse>('admin/videos', {
        signal,
        query: { 'page[number]': filters.page, 'page[size]': filters.size ?? 20 },
      }),
  });
}

export function useSaveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TAdminVideoRequest }) =>
      id
        ? api.put<TAdminVideoResponse>(`admin/videos/${id}`, body)
        : api.post<TAdminVideoResponse>('admin/videos', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.wikiVideosAll }),
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<true>(`admin/videos/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.wikiVideosAll }),
  });
}

/** An mp4 or webm, with the upload's progress (a video can take a while). */
export function useUploadVideoFile(onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: (file: File): Promise<UploadedFile> =>
      uploadResource<Omit<UploadedFile, 'id'>>('admin/videos/files', { file }, { onProgress }).then((r) => ({
        id: r.id,
        ...r.attributes,
      })),
  });
}
