import type { UseMutationResult } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { isApiError } from '@/api/client.ts';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Spinner } from '@/ui/Spinner.tsx';
import { type UploadedFile, useUploadImage } from './api/wiki.ts';

/** What a refused upload says: a 422's field messages (type, size), or the failure's own message. */
export function uploadRefusal(error: Error): string[] {
  return isApiError(error, 422) ? Object.values(error.fieldErrors).flat() : [error.message];
}

/**
 * A file field's upload (an image, a video file): `onFile` sends the chosen file and empties the input so
 * the same file can be chosen again; `messages` are the upload's refusal, then the form's own errors.
 */
export function useFieldUpload(params: {
  upload: UseMutationResult<UploadedFile, Error, File>;
  onUploaded: (file: UploadedFile) => void;
  onStart?: () => void;
  error?: readonly string[];
}) {
  const [uploadError, setUploadError] = useState<string[]>([]);
  const onFile = (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    params.onStart?.();
    setUploadError([]);
    params.upload.mutate(file, {
      onSuccess: params.onUploaded,
      onError: (e) => setUploadError(uploadRefusal(e)),
      onSettled: () => {
        input.value = '';
      },
    });
  };
  return { onFile, messages: [...uploadError, ...(params.error ?? [])] };
}

export type ImageValue = { id: number; url: string } | null;

type Labels = { label: string; upload: string; replace: string; remove: string; alt: string; empty: string };

/**
 * An image chosen by uploading it (a cover, a poster): the upload goes through the wiki's image call
 * (the server checks its bytes and size), then a thumbnail with a way to remove it.
 */
export function WikiImageField({
  value,
  onChange,
  labels,
  error,
}: {
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  labels: Labels;
  error?: readonly string[];
}) {
  const upload = useUploadImage();
  const { onFile, messages } = useFieldUpload({
    upload,
    onUploaded: (image) => onChange({ id: image.id, url: image.url }),
    error,
  });
  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1.5 font-medium text-slate-700">{labels.label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={value.url}
            alt={labels.alt}
            className="h-20 w-36 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200"
          />
        ) : (
          <p className="text-xs text-ink-subtle">{labels.empty}</p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {/* The browser's own file button speaks the browser's language: ours speaks the reader's. */}
          <label
            className={cn(
              buttonClass({ variant: 'secondary', size: 'sm' }),
              'cursor-pointer focus-within:ring-2 focus-within:ring-brand-500',
            )}
          >
            {value ? labels.replace : labels.upload}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              onChange={(e) => onFile(e.target.files?.[0], e.currentTarget)}
            />
          </label>
          {upload.isPending ? <Spinner className="size-4" label={labels.upload} /> : null}
          {value ? (
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange(null)}>
              <X className="size-4" aria-hidden />
              {labels.remove}
            </Button>
          ) : null}
        </div>
      </div>
      {messages.length > 0 ? (
        <div className="space-y-0.5 text-sm text-rose-600" data-field-error role="alert">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
