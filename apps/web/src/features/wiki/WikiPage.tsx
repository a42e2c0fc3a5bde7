import { WIKI_CARDS_PAGE_SIZE, WIKI_FAQ_PAGE_SIZE, wikiSection } from '@linkwatch/shared';
import { BookOpen, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useParams, useSearchParams } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocale, useLocalePath } from '@/lib/useLocale.tsx';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Input } from '@/ui/Input.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { ArticleBody } from './ArticleBody.tsx';
import {
  useWikiArticle as useWikiArticleLazy,
  useWikiCategories,
  useWikiList,
  useWikiSections,
  useWikiTags,
  type WikiArticle,
} from './api/wiki.ts';

// The same pages as the server's HTML of a section (wiki.pages.ts), so a reloaded address shows the same page.
const CARDS_PAGE_SIZE = WIKI_CARDS_PAGE_SIZE;
/** A FAQ section is read whole: its questions on one page, grouped by topic. */
const FAQ_PAGE_SIZE = WIKI_FAQ_PAGE_SIZE;

type View = 'FaqSection' | 'NewsSection' | 'PreviewSection';

function viewOf(pathname: string, slug: string): View {
  const typed = /\/type\/(FaqSection|NewsSection|PreviewSection)$/.exec(pathname)?.[1] as View | undefined;
  if (typed) return typed;
  return slug === 'faq' ? 'FaqSection' : slug === 'news' ? 'NewsSection' : 'PreviewSection';
}

/** The wiki's section navigation, with each section's count in the reader's language. */
function SectionNav() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const sections = useWikiSections(locale);
  return (
    <nav aria-label={t('wiki.reader.sectionsNav')} className="mb-6 flex flex-wrap gap-2">
      {(sections.data?.data ?? []).map((s) => (
        <NavLink
          key={s.id}
          to={to(`/wiki/${s.attributes.slug}`)}
          className={({ isActive }) =>
            cn(
              'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500',
              isActive && 'bg-brand-50 text-brand-700 ring-brand-200',
            )
          }
        >
          {s.attributes.name} <span className="text-ink-subtle">{s.attributes.count}</span>
        </NavLink>
      ))}
    </nav>
  );
}

function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      {t('wiki.reader.loadError')}{' '}
      <button type="button" className="underline" onClick={onRetry}>
        {t('wiki.reader.retry')}
      </button>
    </Alert>
  );
}

function ArticleCard({ article }: { article: WikiArticle }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = article.attributes;
  return (
    <Card className="flex flex-col overflow-hidden" data-article={article.id}>
      {a.image ? (
        <img src={a.image} alt="" className="aspect-[16/9] w-full object-cover" loading="lazy" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-lg font-semibold text-ink">
          <Link
            to={a.link}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {a.title}
          </Link>
        </h2>
        {a.publishedAt ? (
          <p className="text-xs text-ink-subtle">
            <time dateTime={a.publishedAt}>
              {t('wiki.reader.published', { date: format.date(a.publishedAt) })}
            </time>
          </p>
        ) : null}
        <p className="text-sm text-ink-muted">{a.description}</p>
        {a.tags.length ? (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-2">
            {a.tags.map((tag) => (
              <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-ink-muted">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

/** Blog, cases, solutions, tutorials: cards with search, a tag filter and pages. */
function PreviewSection({ section }: { section: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const tag = params.get('tag') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(query);
  const list = useWikiList(locale, {
    section,
    query: query || undefined,
    tag: tag || undefined,
    page,
    size: CARDS_PAGE_SIZE,
  });
  const tags = useWikiTags(locale, section);
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) v ? next.set(k, v) : next.delete(k);
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: typed.trim(), page: '' });
  };
  return (
    <>
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <form onSubmit={submit} className="flex min-w-64 flex-1 gap-2">
          <label htmlFor="wiki-search" className="sr-only">
            {t('wiki.reader.search')}
          </label>
          <Input
            id="wiki-search"
            type="search"
            value={typed}
            placeholder={t('wiki.reader.search')}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" variant="secondary" icon={<Search className="size-4" aria-hidden />}>
            {t('wiki.reader.searchButton')}
          </Button>
        </form>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-ink-muted">{t('wiki.reader.tags')}</span>
          <select
            className="h-10 rounded-lg border border-slate-300 bg-surface px-3"
            value={tag}
            onChange={(e) => set({ tag: e.target.value, page: '' })}
          >
            <option value="">{t('wiki.reader.allTags')}</option>
            {(tags.data?.data ?? []).map((f) => (
              <option key={f.name} value={f.name}>
                {f.name} ({f.count})
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isError ? (
        <ListError onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48" />
          ))}
        </div>
      ) : list.data.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<BookOpen className="size-6" aria-hidden />}
            title={query || tag ? t('wiki.reader.emptySearch') : t('wiki.reader.empty')}
          />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.data.data.map((a) => (
              <ArticleCard key={a.id} article={a} />
            ))}
          </div>
          <div className="mt-6">
            <Pager meta={list.data.meta.page} onPage={(p) => set({ page: p > 1 ? String(p) : '' })} />
          </div>
        </>
      )}
    </>
  );
}

/** One FAQ question: its short answer, and the full one behind 'more'. */
function FaqItem({ article }: { article: WikiArticle }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const a = article.attributes;
  const panel = `faq-answer-${article.id}`;
  return (
    <li className="border-b border-slate-100 py-4 last:border-0" data-article={article.id}>
      <h3 className="font-semibold text-ink">{a.title}</h3>
      <p className="mt-1 text-sm text-ink-muted">{a.description}</p>
      {open ? (
        <div id={panel} className="mt-3">
          <FullAnswer id={article.id} />
        </div>
      ) : null}
      <div className="mt-2 flex gap-4 text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((v) => !v)}
          className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {open ? t('wiki.reader.less') : t('wiki.reader.more')}
        </button>
        <Link to={a.link} className="text-ink-muted hover:underline">
          {t('wiki.reader.readMore')}
        </Link>
      </div>
    </li>
  );
}

function FullAnswer({ id }: { id: number }) {
  const { t } = useTranslation();
  const article = useWikiArticleLazy(id);
  if (article.isError) return <ListError onRetry={() => article.refetch()} />;
  if (article.isPending) return <Skeleton className="h-20" aria-label={t('common.loading')} />;
  return <ArticleBody html={article.data.data.attributes.content} />;
}

const groupId = (name: string) => `faq-${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')}`;

/** The FAQ: a side navigation of topics, each topic a group of questions. */
function FaqSection({ section }: { section: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useWikiList(locale, { section, page: 1, size: FAQ_PAGE_SIZE });
  const categories = useWikiCategories(locale, section);
  if (list.isError) return <ListError onRetry={() => list.refetch()} />;
  if (list.isPending) return <Skeleton className="h-64" />;
  const groups = (categories.data?.data ?? []).map((c) => c.name);
  const byGroup = new Map<string, WikiArticle[]>();
  for (const a of list.data.data) {
    const key = a.attributes.category ?? '';
    byGroup.set(key, [...(byGroup.get(key) ?? []), a]);
  }
  const order = [...groups, ...[...byGroup.keys()].filter((k) => !groups.includes(k))].filter((k) =>
    byGroup.has(k),
  );
  if (order.length === 0)
    return (
      <Card>
        <EmptyState icon={<BookOpen className="size-6" aria-hidden />} title={t('wiki.reader.empty')} />
      </Card>
    );
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <nav aria-label={t('wiki.reader.faqNav')} className="lg:sticky lg:top-4 lg:self-start">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-ink-subtle">
          {t('wiki.reader.categories')}
        </h2>
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {order.map((g) => (
            <li key={g}>
              <a
                href={`#${groupId(g)}`}
                className="block rounded px-2 py-1 text-sm text-ink-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {g || t('wiki.sections.faq')}{' '}
                <span className="text-ink-subtle">({byGroup.get(g)?.length})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-6">
        {order.map((g) => (
          <Card key={g} className="px-5 py-2" aria-labelledby={groupId(g)}>
            <h2 id={groupId(g)} className="scroll-mt-4 pt-3 text-lg font-semibold text-ink">
              {g || t('wiki.sections.faq')}
            </h2>
            <ul>
              {byGroup.get(g)?.map((a) => (
                <FaqItem key={a.id} article={a} />
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}

/** News: dated items, newest first. */
function NewsSection({ section }: { section: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useWikiList(locale, { section, page, size: CARDS_PAGE_SIZE });
  if (list.isError) return <ListError onRetry={() => list.refetch()} />;
  if (list.isPending) return <Skeleton className="h-64" />;
  if (list.data.data.length === 0)
    return (
      <Card>
        <EmptyState icon={<BookOpen className="size-6" aria-hidden />} title={t('wiki.reader.empty')} />
      </Card>
    );
  return (
    <>
      <ol className="flex flex-col gap-4">
        {list.data.data.map((a) => (
          <li key={a.id} data-article={a.id}>
            <Card className="p-5">
              {a.attributes.publishedAt ? (
                <time className="text-xs text-ink-subtle" dateTime={a.attributes.publishedAt}>
                  {format.date(a.attributes.publishedAt)}
                </time>
              ) : null}
              <h2 className="mt-1 text-lg font-semibold">
                <Link to={a.attributes.link} className="hover:underline">
                  {a.attributes.title}
                </Link>
              </h2>
              <ArticleBody html={a.attributes.more} />
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-6">
        <Pager meta={list.data.meta.page} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
      </div>
    </>
  );
}

/** `/wiki`, `/wiki/{section}` and its three `type/…` views (spec point 2). */
export default function WikiPage() {
  const { t } = useTranslation();
  const { section: slug } = useParams();
  const { pathname } = useLocation();
  const section = slug === undefined ? undefined : wikiSection(slug);
  if (slug !== undefined && !section) return <NotFoundPage />;
  const view = section ? viewOf(pathname, section.slug) : null;
  return (
    <>
      <PageHeader title={section ? t(`wiki.sections.${section.slug}`) : t('wiki.reader.title')} />
      <SectionNav />
      {!section || view === 'PreviewSection' ? (
        <PreviewSection key={section?.id ?? 0} section={section?.id ?? 0} />
      ) : view === 'FaqSection' ? (
        <FaqSection section={section.id} />
      ) : (
        <NewsSection section={section.id} />
      )}
    </>
  );
}
