import { type TAdminVideoRequest, VIDEO_PROVIDERS, type VideoProvider, videoClock } from '@linkwatch/shared';
import { Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { ProgressBar } from '@/ui/ProgressBar.tsx';
import { FilterSelect } from '@/ui/Select.tsx';
import { Td, Th } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  type AdminVideo,
  useAdminVideos,
  useDeleteVideo,
  useSaveVideo,
  useUploadVideoFile,
} from './api/wiki.ts';
import { ConsoleList } from './ConsoleList.tsx';
import { type ImageValue, useFieldUpload, WikiImageField } from './WikiImageField.tsx';

type FileValue = { id: number; url: string; mime?: string; size?: number } | null;

type Draft = {
  title: string;
  description: string;
  provider: VideoProvider;
  externalId: string;
  file: FileValue;
  poster: ImageValue;
  duration: string;
};

const EMPTY: Draft = {
  title: '',
  description: '',
  provider: 'youtube',
  externalId: '',
  file: null,
  poster: null,
  duration: '',
};

function draftOf(v: AdminVideo): Draft {
  const x = v.attributes;
  return {
    title: x.title,
    description: x.description,
    provider: x.provider,
    externalId: x.externalId ?? '',
    file: x.fileId && x.fileUrl ? { id: x.fileId, url: x.fileUrl } : null,
    poster: x.posterImageId && x.poster ? { id: x.posterImageId, url: x.poster } : null,
    duration: x.duration === null ? '' : String(x.duration),
  };
}

function videoBody(d: Draft): TAdminVideoRequest {
  const file = d.provider === 'file';
  const duration = d.duration.trim() === '' ? null : Number(d.duration);
  return {
    title: d.title,
    description: d.description,
    provider: d.provider,
    externalId: file ? null : d.externalId.trim() || null,
    fileId: file ? (d.file?.id ?? null) : null,
    posterImageId: d.poster?.id ?? null,
    duration: duration !== null && Number.isFinite(duration) ? duration : null,
  };
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The video file: uploaded with its progress shown; the server decides by its bytes and size. */
function VideoFileField({
  value,
  onChange,
  error,
}: {
  value: FileValue;
  onChange: (v: FileValue) => void;
  error?: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [percent, setPercent] = useState(0);
  const upload = useUploadVideoFile(setPercent);
  const { onFile, messages } = useFieldUpload({
    upload,
    onUploaded: onChange,
    onStart: () => setPercent(0),
    error,
  });
  return (
    <div className="flex flex-col gap-2 text-sm">
      <span className="font-medium text-slate-700" id={`${id}-label`}>
        {t('wiki.admin.videos.fields.file')}
      </span>
      {/* The browser's own file button speaks the browser's language: ours speaks the reader's. */}
      <label
        className={cn(
          buttonClass({ variant: 'secondary', size: 'sm' }),
          'w-fit cursor-pointer focus-within:ring-2 focus-within:ring-brand-500',
        )}
      >
        <Upload className="size-4" aria-hidden />
        {value ? t('wiki.admin.videos.replaceFile') : t('wiki.admin.videos.uploadFile')}
        <input
          type="file"
          accept="video/mp4,video/webm"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          onChange={(e) => onFile(e.target.files?.[0], e.currentTarget)}
        />
      </label>
      {upload.isPending ? (
        <div className="flex flex-col gap-1">
          <ProgressBar value={percent} label={t('wiki.admin.videos.uploading', { percent })} />
          <span className="text-xs text-ink-subtle">{t('wiki.admin.videos.uploading', { percent })}</span>
        </div>
      ) : value ? (
        <p className="text-xs text-ink-subtle" data-testid="video-file">
          {value.mime && value.size !== undefined ? (
            t('wiki.admin.videos.fileReady', { mime: value.mime, size: mb(value.size) })
          ) : (
            <a href={value.url} className="hover:underline">
              {value.url}
            </a>
          )}
        </p>
      ) : null}
      {messages.length > 0 ? (
        <div className="space-y-0.5 text-sm text-rose-600" data-field-error role="alert">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** One video's form: title, description, source (a YouTube or Vimeo id, or an uploaded file), poster, length. */
function VideoEditor({ video, onDone }: { video: AdminVideo | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(video ? draftOf(video) : EMPTY);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const save = useSaveVideo();
  const remove = useDeleteVideo();
  useEffect(() => {
    setDraft(video ? draftOf(video) : EMPTY);
    setErrors({});
  }, [video]);
  const set =
    (key: 'title' | 'description' | 'externalId' | 'duration') => (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.provider === 'file' && !draft.file) {
      setErrors({ fileId: [t('wiki.admin.videos.fileMissing')] });
      return;
    }
    save.mutate(
      { id: video?.id ?? null, body: videoBody(draft) },
      {
        onSuccess: () => {
          notify.success(t('wiki.admin.videos.saved'));
          setErrors({});
          onDone();
        },
        onError: (error) => {
          if (isApiError(error, 422)) setErrors(error.fieldErrors as Record<string, readonly string[]>);
          else notify.error(error.message);
        },
      },
    );
  };
  const providerName = t(`wiki.admin.videos.providers.${draft.provider}`);
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold">
        {video ? t('wiki.admin.videos.edit') : t('wiki.admin.videos.new')}
      </h2>
      <form onSubmit={submit} className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <TextField
            label={t('wiki.admin.videos.fields.title')}
            value={draft.title}
            onChange={set('title')}
            error={errors.title}
          />
          <TextField
            label={t('wiki.admin.videos.fields.description')}
            value={draft.description}
            onChange={set('description')}
            error={errors.description}
            optional
          />
          <FilterSelect
            label={t('wiki.admin.videos.fields.provider')}
            value={draft.provider}
            wide
            onChange={(e) => setDraft((d) => ({ ...d, provider: e.target.value as VideoProvider }))}
            options={VIDEO_PROVIDERS.map((p) => ({ value: p, label: t(`wiki.admin.videos.providers.${p}`) }))}
          />
          {draft.provider === 'file' ? (
            <VideoFileField
              value={draft.file}
              onChange={(file) => setDraft((d) => ({ ...d, file }))}
              error={errors.fileId ?? errors.fileUrl}
            />
          ) : (
            <TextField
              label={t('wiki.admin.videos.fields.externalId', { provider: providerName })}
              hint={t('wiki.admin.videos.fields.externalIdHint')}
              value={draft.externalId}
              onChange={set('externalId')}
              error={errors.externalId}
            />
          )}
        </div>
        <div className="flex flex-col gap-3">
          <WikiImageField
            value={draft.poster}
            onChange={(poster) => setDraft((d) => ({ ...d, poster }))}
            error={errors.posterImageId}
            labels={{
              label: t('wiki.admin.videos.fields.poster'),
              upload: t('wiki.admin.videos.posterUpload'),
              replace: t('wiki.admin.videos.posterUpload'),
              remove: t('wiki.admin.videos.posterRemove'),
              alt: t('wiki.admin.videos.posterAlt'),
              empty: t('wiki.admin.coverNone'),
            }}
          />
          <TextField
            type="number"
            min={0}
            max={86400}
            inputMode="numeric"
            label={t('wiki.admin.videos.fields.duration')}
            value={draft.duration}
            onChange={set('duration')}
            error={errors.duration}
            optional
          />
          <div className="mt-auto flex flex-wrap gap-2">
            <Button type="submit" loading={save.isPending}>
              {t('wiki.admin.videos.save')}
            </Button>
            <Button type="button" variant="secondary" onClick={onDone}>
              {t('wiki.admin.videos.cancel')}
            </Button>
            {video ? (
              <Button
                type="button"
                variant="danger"
                loading={remove.isPending}
                onClick={() => {
                  if (
                    !window.confirm(t('wiki.admin.videos.deleteConfirm', { title: video.attributes.title }))
                  )
                    return;
                  remove.mutate(video.id, {
                    onSuccess: () => {
                      notify.success(t('wiki.admin.videos.deleted'));
                      onDone();
                    },
                    onError: (error) => notify.error(error.message),
                  });
                }}
              >
                {t('wiki.admin.videos.delete')}
              </Button>
            ) : null}
          </div>
        </div>
      </form>
    </Card>
  );
}

/** The console's videos (issue 30): what articles embed with `{{video N}}`, and their editor. */
export function WikiVideos() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminVideo | null | 'new'>(null);
  const list = useAdminVideos({ page });
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button onClick={() => setEditing('new')}>{t('wiki.admin.videos.new')}</Button>
      </div>
      {editing ? (
        <VideoEditor video={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      <ConsoleList
        list={list}
        skeletonClassName="h-48"
        emptyTitle={t('wiki.admin.videos.empty')}
        onPage={setPage}
        head={
          <tr>
            <Th>{t('wiki.admin.videos.columns.title')}</Th>
            <Th>{t('wiki.admin.videos.columns.provider')}</Th>
            <Th>{t('wiki.admin.videos.columns.duration')}</Th>
            <Th>{t('wiki.admin.videos.columns.embed')}</Th>
            <Th />
          </tr>
        }
      >
        {(rows) =>
          rows.map((v) => (
            <tr key={v.id}>
              <Td>
                <div className="flex items-center gap-3">
                  {v.attributes.poster ? (
                    <img
                      src={v.attributes.poster}
                      alt=""
                      className="h-9 w-16 shrink-0 rounded object-cover"
                    />
                  ) : (
                    <span className="h-9 w-16 shrink-0 rounded bg-slate-200" aria-hidden />
                  )}
                  <span className="font-medium">{v.attributes.title}</span>
                </div>
              </Td>
              <Td>{t(`wiki.admin.videos.providers.${v.attributes.provider}`)}</Td>
              <Td>{v.attributes.duration === null ? '—' : videoClock(v.attributes.duration)}</Td>
              <Td>
                <code className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs">{`{{video ${v.id}}}`}</code>
              </Td>
              <Td>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(v)}
                  aria-label={`${t('wiki.admin.videos.edit')}: ${v.attributes.title}`}
                >
                  {t('wiki.admin.videos.edit')}
                </Button>
              </Td>
            </tr>
          ))
        }
      </ConsoleList>
    </div>
  );
}
