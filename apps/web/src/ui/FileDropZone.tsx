import { UploadCloud, X } from 'lucide-react';
import { type ComponentType, type DragEvent, useId, useState } from 'react';
import { useFormat } from '@/lib/format.ts';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import { ProgressBar } from './ProgressBar.tsx';

export interface FileDropZoneProps {
  /** The input's `accept`, e.g. ".txt,.xlsx". */
  accept: string;
  onPick: (file: File) => void;
  /** Shown in the error colours. */
  invalid?: boolean;
  labels: { drop: string; or: string; choose: string; formats: string };
  testId?: string;
}

/**
 * A file picker with a drop area (spec point 9: 130 px high). The file input is visually hidden: the
 * area shows where the keyboard focus is. The input is emptied after each pick, so the same file can
 * be picked again once its dialog was reset.
 */
export function FileDropZone({ accept, onPick, invalid, labels, testId }: FileDropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onPick(dropped);
  };

  return (
    <div className="rounded-xl has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-500">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={testId}
        className={cn(
          'flex h-[130px] cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 text-center transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50'
            : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40',
          invalid && 'border-rose-300 bg-rose-50/40',
        )}
      >
        <UploadCloud className={cn('size-7', dragging ? 'text-brand-600' : 'text-slate-400')} aria-hidden />
        <span className="text-sm text-ink">
          {labels.drop} {labels.or}{' '}
          <span className="font-medium text-brand-600 underline-offset-2 hover:underline">
            {labels.choose}
          </span>
        </span>
        <span className="text-xs text-ink-subtle">{labels.formats}</span>
      </label>
      <input
        id={inputId}
        type="file"
        name="file"
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = '';
          if (picked) onPick(picked);
        }}
      />
    </div>
  );
}

export interface PickedFileProps {
  file: File;
  /** The file's kind, e.g. a spreadsheet icon. */
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** While it is being sent: its progress in percent (100: the server is reading it). */
  sending: boolean;
  progress: number;
  onRemove: () => void;
  labels: { progress: string; uploading: string; processing: string; remove: string };
  testId?: string;
}

/** The picked file under a drop zone: name, size, the sending's progress, and a button to remove it. */
export function PickedFile({
  file,
  icon: Icon,
  sending,
  progress,
  onRemove,
  labels,
  testId,
}: PickedFileProps) {
  const format = useFormat();
  return (
    <div className="flex items-center gap-3 rounded-lg p-3 ring-1 ring-slate-200">
      <Icon className="size-5 shrink-0 text-brand-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink" data-testid={testId}>
          {file.name}
        </p>
        <p className="text-xs text-ink-subtle">{format.bytes(file.size)}</p>
        {sending ? (
          <div className="mt-2 space-y-1">
            <ProgressBar value={progress < 100 ? progress : null} label={labels.progress} />
            <p className="text-xs text-ink-subtle">
              {progress < 100 ? `${labels.uploading} ${progress}%` : labels.processing}
            </p>
          </div>
        ) : null}
      </div>
      {sending ? null : (
        <Button variant="ghost" size="icon" className="size-8" aria-label={labels.remove} onClick={onRemove}>
          <X className="size-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}
