import { uploadForm } from '@/api/uploadForm.ts';
import type { TUploadResult } from './links.ts';

/** `POST links/upload` (multipart: campaign, file), with upload progress. */
export function uploadLinks({
  campaign,
  file,
  onProgress,
  signal,
}: {
  campaign: string | number;
  file: File;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<TUploadResult> {
  return uploadForm('links/upload', { campaign: String(campaign), file }, { onProgress, signal });
}
