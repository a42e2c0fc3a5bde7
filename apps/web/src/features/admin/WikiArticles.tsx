import { LOCALES, type TAdminWikiArticleRequest, WIKI_SECTIONS } from '@linkwatch/shared';
import { type FormEvent, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { FilterSelect } from '@/ui/Select.tsx';
import { Td, Th } from '@/ui/Table.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  type AdminArticle,
  useAdminArticles,
  useAdminVideos,
  useDeleteArticle,
  useSaveArticle,
  useUploadImage,
  useWikiPreview,
} from './api/wiki.ts';
import { ConsoleList } from './ConsoleList.tsx';
import { type ImageValue, uploadRefusal, WikiImageField } from './WikiImageField.tsx';

type Draft = {
  group: string;
  locale: string;
  section: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  category: string;
  tags: string;
  publishedAt: string;
  cover: ImageValue;
  mail: boolean;
};

const EMPTY: Draft = {
  group: '',
  locale: 'en',
  section: '1',
  slug: '',
  title: '',
  description: '',
  content: '',
  category: '',
  tags: '',
  publishedAt: '',
  cover: null,
  mail: false,
};

const localInput = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');

function draftOf(a: AdminArticle): Draft {
  const x = a.attributes;
  return {
    group: x.group,
    locale: x.locale,
    section: String(x.section),
    slug: x.slug,
    title: x.title,
    description: x.description,
    content: x.content,
    category: x.category ?? '',
    tags: x.tags.join(', '),
    publishedAt: localInput(x.publishedAt),
    cover: x.coverImageId && x.image ? { id: x.coverImageId, url: x.image } : null,
    mail: false,
  };
}

function body(d: Draft, status: 'draft' | 'published'): TAdminWikiArticleRequest {
  return {
    group: d.group || null,
    locale: d.locale as TAdminWikiArticleRequest['locale'],
    section: Number(d.section),
    slug: d.slug || null,
    title: d.title,
    description: d.description,
    content: d.content,
    category: d.category || null,
    tags: d.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    status,
    publishedAt: d.publishedAt ? new Date(d.publishedAt).toISOString() : null,
    coverImageId: d.cover?.id ?? null,
    mail: status === 'published' ? d.mail : undefined,
  };
}

/** Puts a video's embed line (`{{video 12}}`, wiki.render.ts) at the end of the text. */
function InsertVideo({ onInsert }: { onInsert: (id: number) => void }) {
  const { t } = useTranslation();
  const videos = useAdminVideos({ page: 1, size: 50 }, { aside: true });
  const options = (videos.data?.data ?? []).map((v) => ({
    value: String(v.id),
    label: `#${v.id} ${v.attributes.title}`,
  }));
  if (options.length === 0) return null;
  return (
    <FilterSelect
      label={t('wiki.admin.insertVideo')}
      value=""
      wide
      placeholder={t('wiki.admin.insertVideoPick')}
      options={options}
      onChange={(e) => {
        if (e.target.value) onInsert(Number(e.target.value));
      }}
    />
  );
}

/** The editor: the fields, a live preview from the server's own renderer, image upload, publish. */
function Editor({ article, onDone }: { article: AdminArticle | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(article ? draftOf(article) : EMPTY);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const upload = useUploadImage();
  const preview = useWikiPreview(useDeferredValue(draft.content));
  useEffect(() => setDraft(article ? draftOf(article) : EMPTY), [article]);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (status: 'draft' | 'published') => (event?: FormEvent) => {
    event?.preventDefault();
    save.mutate(
      { id: article?.id ?? null, body: body(draft, status) },
      {
        onSuccess: () => {
          notify.success(t('wiki.admin.saved'));
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
  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (image) => {
        notify.success(t('wiki.admin.uploaded', { url: image.url }));
        setDraft((d) => ({ ...d, content: `${d.content}\n\n![](${image.url})\n` }));
      },
      onError: (error) => notify.error(uploadRefusal(error).join(' ')),
    });
  };
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold">{article ? t('wiki.admin.edit') : t('wiki.admin.new')}</h2>
      <form onSubmit={submit('draft')} className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <TextField
            label={t('wiki.admin.fields.title')}
            value={draft.title}
            onChange={set('title')}
            error={errors.title}
          />
          <div className="grid grid-cols-2 gap-3">
            <FilterSelect
              label={t('wiki.admin.fields.locale')}
              value={draft.locale}
              onChange={set('locale')}
              options={LOCALES.map((l) => ({ value: l, label: l }))}
            />
            <FilterSelect
              label={t('wiki.admin.fields.section')}
              value={draft.section}
              onChange={set('section')}
              options={WIKI_SECTIONS.map((s) => ({
                value: String(s.id),
                label: t(`wiki.sections.${s.slug}`),
              }))}
            />
          </div>
          <TextField
            label={t('wiki.admin.fields.group')}
            hint={t('wiki.admin.fields.groupHint')}
            value={draft.group}
            onChange={set('group')}
            error={errors.group ?? errors.locale}
            optional
          />
          <TextField
            label={t('wiki.admin.fields.slug')}
            value={draft.slug}
            onChange={set('slug')}
            error={errors.slug}
            optional
          />
          <TextField
            label={t('wiki.admin.fields.description')}
            value={draft.description}
            onChange={set('description')}
            error={errors.description}
            optional
          />
          <label className="flex flex-col gap-1 text-sm">
            {t('wiki.admin.fields.content')}
            <textarea
              className="min-h-64 rounded-lg p-3 font-mono text-sm ring-1 ring-slate-300"
              value={draft.content}
              onChange={set('content')}
              aria-describedby="wiki-content-hint"
            />
            <span id="wiki-content-hint" className="text-xs text-ink-subtle">
              {t('wiki.admin.fields.contentHint', { example: '{{video 12}}' })}
            </span>
          </label>
          <InsertVideo
            onInsert={(id) =>
              setDraft((d) => ({ ...d, content: `${d.content.trimEnd()}\n\n{{video ${id}}}\n` }))
            }
          />
          <TextField
            label={t('wiki.admin.fields.category')}
            value={draft.category}
            onChange={set('category')}
            error={errors.category}
            optional
          />
          <TextField
            label={t('wiki.admin.fields.tags')}
            value={draft.tags}
            onChange={set('tags')}
            error={errors.tags}
            optional
          />
          <TextField
            type="datetime-local"
            label={t('wiki.admin.fields.publishedAt')}
            hint={t('wiki.admin.fields.publishedAtHint')}
            value={draft.publishedAt}
            onChange={set('publishedAt')}
            error={errors.publishedAt}
            optional
          />
          <WikiImageField
            value={draft.cover}
            onChange={(cover) => setDraft((d) => ({ ...d, cover }))}
            error={errors.coverImageId}
            labels={{
              label: t('wiki.admin.fields.cover'),
              upload: t('wiki.admin.coverUpload'),
              replace: t('wiki.admin.coverReplace'),
              remove: t('wiki.admin.coverRemove'),
              alt: t('wiki.admin.coverAlt'),
              empty: t('wiki.admin.coverNone'),
            }}
          />
          {/* The browser's own file button speaks the browser's language: ours speaks the reader's. */}
          <label
            className={cn(
              buttonClass({ variant: 'secondary', size: 'sm' }),
              'w-fit cursor-pointer focus-within:ring-2 focus-within:ring-brand-500',
            )}
          >
            {t('wiki.admin.upload')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.mail}
              onChange={(e) => setDraft((d) => ({ ...d, mail: e.target.checked }))}
            />
            {t('wiki.admin.fields.mail')}
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" loading={save.isPending}>
              {article?.attributes.status === 'published' ? t('wiki.admin.unpublish') : t('wiki.admin.save')}
            </Button>
            <Button type="button" onClick={() => submit('published')()} loading={save.isPending}>
              {t('wiki.admin.publish')}
            </Button>
            {article ? (
              <Button
                type="button"
                variant="danger"
                onClick={() => {
                  if (!window.confirm(t('wiki.admin.deleteConfirm', { title: article.attributes.title })))
                    return;
                  remove.mutate(article.id, {
                    onSuccess: () => {
                      notify.success(t('wiki.admin.deleted'));
                      onDone();
                    },
                  });
                }}
              >
                {t('wiki.admin.delete')}
              </Button>
            ) : null}
          </div>
        </div>
        <section aria-label={t('wiki.admin.preview')} className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-ink-muted">{t('wiki.admin.preview')}</h3>
          <div className="wiki-prose rounded-lg p-4 ring-1 ring-slate-200" data-testid="wiki-preview">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitiser's output (wiki.render.ts) */}
            <div dangerouslySetInnerHTML={{ __html: preview.data?.data.html ?? '' }} />
          </div>
        </section>
      </form>
    </Card>
  );
}

/** The console's wiki section (issue 30): every article in every language and state, and the editor. */
export function WikiArticles() {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [locale, setLocale] = useState('');
  const [editing, setEditing] = useState<AdminArticle | null | 'new'>(null);
  const list = useAdminArticles({ page, locale: locale || undefined });
  const statusOf = (a: AdminArticle) =>
    a.attributes.status === 'draft' ? 'draft' : a.attributes.visible ? 'published' : 'scheduled';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <Button onClick={() => setEditing('new')}>{t('wiki.admin.new')}</Button>
        <FilterSelect
          label={t('wiki.admin.filterLocale')}
          value={locale}
          onChange={(e) => setLocale(e.target.value)}
          placeholder="—"
          options={LOCALES.map((l) => ({ value: l, label: l }))}
        />
      </div>
      {editing ? (
        <Editor article={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      <ConsoleList
        list={list}
        skeletonClassName="h-64"
        emptyTitle={t('wiki.admin.empty')}
        onPage={setPage}
        head={
          <tr>
            <Th>{t('wiki.admin.fields.title')}</Th>
            <Th>{t('wiki.admin.fields.locale')}</Th>
            <Th>{t('wiki.admin.fields.section')}</Th>
            <Th>{t('wiki.admin.filterStatus')}</Th>
            <Th>{t('wiki.admin.fields.publishedAt')}</Th>
            <Th />
          </tr>
        }
      >
        {(rows) =>
          rows.map((a) => (
            <tr key={a.id}>
              <Td>
                <a href={a.attributes.link} className="hover:underline">
                  {a.attributes.title}
                </a>
              </Td>
              <Td>{a.attributes.locale}</Td>
              <Td>
                {t(
                  `wiki.sections.${WIKI_SECTIONS.find((s) => s.id === a.attributes.section)?.slug ?? 'blog'}`,
                )}
              </Td>
              <Td>{t(`wiki.admin.status.${statusOf(a)}`)}</Td>
              <Td>{format.date(a.attributes.publishedAt, true)}</Td>
              <Td>
                <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>
                  {t('wiki.admin.edit')}
                </Button>
              </Td>
            </tr>
          ))
        }
      </ConsoleList>
    </div>
  );
}
