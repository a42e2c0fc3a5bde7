import { languageTag, wikiSection } from '@linkwatch/shared';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Card } from '@/ui/Card.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { ArticleBody } from './ArticleBody.tsx';
import { useWikiArticle } from './api/wiki.ts';

const LANGUAGE_NAMES = { en: 'English', ru: 'Русский', ua: 'Українська' } as const;

/** `/wiki/{section}/{id}`: one article, its translations and its section. */
export default function WikiArticlePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const params = useParams();
  const section = wikiSection(params.section);
  const id = Number(/^(\d+)/.exec(params.id ?? '')?.[1]);
  const article = useWikiArticle(id);
  if (!section || !id || (article.isError && isApiError(article.error, 404))) return <NotFoundPage />;
  if (article.isError)
    return (
      <Alert tone="error">
        {t('wiki.reader.loadError')}{' '}
        <button type="button" className="underline" onClick={() => article.refetch()}>
          {t('wiki.reader.retry')}
        </button>
      </Alert>
    );
  if (article.isPending) return <Skeleton className="h-96" aria-label={t('common.loading')} />;
  const a = article.data.data.attributes;
  const others = a.translations.filter((tr) => tr.locale !== a.locale);
  return (
    <article className="mx-auto max-w-3xl" data-article={article.data.data.id}>
      <Link
        to={to(`/wiki/${a.sectionSlug}`)}
        className="mb-4 inline-flex items-center gap-1 text-sm text-ink-muted hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('wiki.reader.back', { section: t(`wiki.sections.${section.slug}`) })}
      </Link>
      <h1 className="text-3xl font-semibold tracking-tight text-ink">{a.title}</h1>
      <p className="mt-2 text-sm text-ink-subtle">
        {a.publishedAt ? (
          <time dateTime={a.publishedAt}>
            {t('wiki.reader.published', { date: format.date(a.publishedAt) })}
          </time>
        ) : null}
        {a.category ? <span> · {a.category}</span> : null}
      </p>
      {others.length ? (
        <p className="mt-2 text-sm">
          {t('wiki.reader.alsoIn')}:{' '}
          {others.map((tr, i) => (
            <span key={tr.locale}>
              {i > 0 ? ', ' : ''}
              <Link to={tr.link} hrefLang={languageTag(tr.locale)} className="text-brand-700 hover:underline">
                {LANGUAGE_NAMES[tr.locale]}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {a.image ? <img src={a.image} alt="" className="mt-6 w-full rounded-xl" /> : null}
      <Card className="mt-6 p-6">
        <ArticleBody html={a.content} />
      </Card>
      {a.tags.length ? (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t('wiki.reader.tags')}>
          {a.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`${to(`/wiki/${a.sectionSlug}`)}?tag=${encodeURIComponent(tag)}`}
                className="rounded bg-slate-100 px-2 py-0.5 text-xs text-ink-muted hover:bg-slate-200"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
