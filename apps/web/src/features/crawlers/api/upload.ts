import type { TCrawlerUploadResult } from '@linkwatch/shared';
import { uploadForm } from '@/api/uploadForm.ts';

/** `POST crawlers/upload` (multipart: project, source, file), with upload progress. */
export function uploadCrawlers({
  project,
  source,
  file,
  onProgress,
}: {
  project: string;
  source: number;
  file: File;
  onProgress: (percent: number) => void;
}): Promise<TCrawlerUploadResult> {
  return uploadForm('crawlers/upload', { project, source: String(source), file }, { onProgress });
}
