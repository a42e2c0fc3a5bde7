import type { TLinkEvidenceListResponse, TReportEvidenceResponse } from '@linkwatch/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import { apiHeaders, apiUrl } from '@/api/http.ts';
import { downloadExport } from '@/lib/download.ts';
import { currentLocale } from '@/lib/i18n.ts';

export const evidenceKeys = {
  all: ['evidence'] as const,
  link: (linkId: number) => ['evidence', linkId] as const,
  shot: (linkId: number, shotId: number) => ['evidence', linkId, 'shot', shotId] as const,
  report: (reportLinkId: number) => ['evidence', 'report', reportLinkId] as const,
};

/** `GET links/{id}/evidence`: the link's state changes, newest first, and how long they are kept. */
export function useLinkEvidence(linkId: number) {
  return useQuery({
    queryKey: evidenceKeys.link(linkId),
    queryFn: () => api.get<TLinkEvidenceListResponse>(`links/${linkId}/evidence`),
  });
}

/** `GET reports/links/{id}/evidence`: the change a report link records; shots and PDF go by `meta.linkId`. */
export function useReportEvidence(reportLinkId: number) {
  return useQuery({
    queryKey: evidenceKeys.report(reportLinkId),
    queryFn: () => api.get<TReportEvidenceResponse>(`reports/links/${reportLinkId}/evidence`),
  });
}

/**
 * A screenshot as a data: URL: the image is behind the login (a bearer token an <img> cannot send), so
 * it is fetched with the token and shown from memory (the page's CSP allows data: images, not blob:).
 * A shot never changes: read once per visit.
 */
export function useEvidenceShot(linkId: number, shotId: number) {
  return useQuery({
    queryKey: evidenceKeys.shot(linkId, shotId),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const response = await fetch(apiUrl(`links/${linkId}/evidence/shots/${shotId}`), {
        headers: apiHeaders(currentLocale(), 'image/jpeg'),
      });
      if (!response.ok) throw new Error(`screenshot ${shotId}: ${response.status}`);
      return dataUrlOf(await response.blob());
    },
  });
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** `GET links/{id}/evidence.pdf`: the evidence sheet of one change, in the page's language. */
export function useExportEvidence(linkId: number, options: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: (evidenceId: number) =>
      downloadExport({
        path: `links/${linkId}/evidence.pdf`,
        query: { evidence: evidenceId },
        fallbackName: `link_${linkId}_evidence_${evidenceId}.pdf`,
      }),
    onError: options.onError,
  });
}
