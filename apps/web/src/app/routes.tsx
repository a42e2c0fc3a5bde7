import { LOCALES, type Locale } from '@linkwatch/shared';
import { type ComponentType, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/LoginPage.tsx';
import { loadFullCatalog } from '@/lib/i18n.ts';
import { splitLocale } from '@/lib/locale.ts';
import type { PageTitle, RouteHandle } from '@/lib/routeHandle.ts';
import { type Access, Guard, RequirePrefix } from './guards.tsx';
import { LoginLayout } from './layouts/LoginLayout.tsx';
import { isLazyPage, lazyPage } from './lazyPage.ts';
import { RootShell } from './RootShell.tsx';

/** A layout whose pages use any area's words waits for the whole catalog (a login page has only part). */
function withFullCatalog<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadFullCatalog()]).then(([module]) => module);
}

// The signed-in frame (sidebar, menus, the create-campaign panel) is not part of the login page's download,
// nor is any page but the login itself: a cold load preloads the chunks of its own route (preloadRoute).
const NotFoundPage = lazyPage(() =>
  import('@/ui/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const EmptyLayout = lazyPage(() =>
  withFullCatalog(import('./layouts/EmptyLayout.tsx')).then((m) => ({ default: m.EmptyLayout })),
);
const RegisterPage = lazyPage(() =>
  import('@/features/auth/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazyPage(() =>
  import('@/features/auth/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const RegisterSuccessPage = lazyPage(() =>
  import('@/features/auth/RegisterSuccessPage.tsx').then((m) => ({ default: m.RegisterSuccessPage })),
);
const ResetPasswordPage = lazyPage(() =>
  import('@/features/auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailPage = lazyPage(() =>
  import('@/features/auth/ConfirmEmailPage.tsx').then((m) => ({ default: m.ConfirmEmailPage })),
);
const MainLayout = lazyPage(() =>
  withFullCatalog(import('./layouts/MainLayout.tsx')).then((m) => ({ default: m.MainLayout })),
);
const PartnerLayout = lazyPage(() =>
  withFullCatalog(import('./layouts/PartnerLayout.tsx')).then((m) => ({ default: m.PartnerLayout })),
);
const DashboardPage = lazyPage(() => import('@/features/dashboard/DashboardPage.tsx'));
const ProfilePage = lazyPage(() => import('@/pages/ProfilePage.tsx'));
const AgreementPage = lazyPage(() => import('@/features/agreement/AgreementPage.tsx'));
const SearchPage = lazyPage(() => import('@/features/search/SearchPage.tsx'));
const AnchorsPage = lazyPage(() => import('@/features/anchors/AnchorsPage.tsx'));
const IndexHistoryPage = lazyPage(() => import('@/pages/IndexHistoryPage.tsx'));
const DomainsPage = lazyPage(() => import('@/features/domains/DomainsPage.tsx'));
const CrawlersPage = lazyPage(() => import('@/pages/CrawlersPage.tsx'));
const AlertsPage = lazyPage(() => import('@/pages/AlertsPage.tsx'));
const DisavowPage = lazyPage(() => import('@/pages/DisavowPage.tsx'));
const GraphPage = lazyPage(() => import('@/pages/GraphPage.tsx'));
const CampaignPage = lazyPage(() => import('@/pages/CampaignPage.tsx'));
const ProjectPage = lazyPage(() => import('@/pages/ProjectPage.tsx'));
const TasksPage = lazyPage(() => import('@/pages/TasksPage.tsx'));
const ReportPage = lazyPage(() => import('@/features/reports/ReportPage.tsx'));
const SchedulePage = lazyPage(() => import('@/features/schedule/SchedulePage.tsx'));
const BalancePage = lazyPage(() => import('@/features/balance/BalancePage.tsx'));
const WikiPage = lazyPage(() => import('@/features/wiki/WikiPage.tsx'));
const WikiArticlePage = lazyPage(() => import('@/features/wiki/WikiArticlePage.tsx'));
const PayrollsPage = lazyPage(() => import('@/pages/PayrollsPage.tsx'));
const UserProfilePage = lazyPage(() => import('@/pages/UserProfilePage.tsx'));
const JoinPage = lazyPage(() =>
  import('@/features/team/JoinPage.tsx').then((m) => ({ default: m.JoinPage })),
);
const UnsubscribePage = lazyPage(() => import('@/features/unsubscribe/UnsubscribePage.tsx'));
// The public domain check (issue 30): a page of its own for visitors and search engines.
const DomainCheckPage = lazyPage(() => import('@/features/domain-check/DomainCheckPage.tsx'));
// The operator console (issue 28): its own chunks, so a customer's download does not grow.
const AdminUsersPage = lazyPage(() => import('@/pages/admin/UsersPage.tsx'));
const AdminTasksPage = lazyPage(() => import('@/pages/admin/TasksPage.tsx'));
const AdminCustomerPage = lazyPage(() => import('@/pages/admin/CustomerPage.tsx'));
const AdminPricesPage = lazyPage(() => import('@/pages/admin/PricesPage.tsx'));
const AdminSettingsPage = lazyPage(() => import('@/pages/admin/SettingsPage.tsx'));
const AdminAuditPage = lazyPage(() => import('@/pages/admin/AuditPage.tsx'));
const AdminPartnersPage = lazyPage(() => import('@/pages/admin/PartnersPage.tsx'));
const PartnersPage = lazyPage(() => import('@/pages/partners/PartnersPage.tsx'));
const PartnerUsersPage = lazyPage(() => import('@/pages/partners/PartnerUsersPage.tsx'));
const PartnerPayoutPage = lazyPage(() => import('@/pages/partners/PartnerPayoutPage.tsx'));
const PartnerLandingPage = lazyPage(() => import('@/pages/partners/PartnerLandingPage.tsx'));
const AdminWikiPage = lazyPage(() => import('@/pages/admin/WikiPage.tsx'));

type LayoutKind = 'main' | 'partner' | 'login' | 'empty';

/** What a page route carries: its title, and the lazy chunks (layout, page) a cold load of it needs. */
type PageHandle = RouteHandle & { chunks: readonly unknown[] };

type AppRoute = { path: string; layout: LayoutKind; access: Access; title: PageTitle; page: ComponentType };

/**
 * spec point 2, written once. `page` left out means the page comes with a later feature and shows
 * the "coming soon" panel inside its layout. Paths are relative to the locale prefix.
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '', layout: 'main', access: 'user', title: 'dashboard', page: DashboardPage },
  { path: 'profile', layout: 'main', access: 'user', title: 'profile', page: ProfilePage },
  { path: 'balance', layout: 'main', access: 'user', title: 'balance', page: BalancePage },
  { path: 'tasks', layout: 'main', access: 'user', title: 'tasks', page: TasksPage },
  { path: 'report', layout: 'main', access: 'user', title: 'report', page: ReportPage },
  { path: 'schedule', layout: 'main', access: 'user', title: 'schedule', page: SchedulePage },
  { path: 'search', layout: 'main', access: 'user', title: 'search', page: SearchPage },
  { path: 'wiki', layout: 'main', access: 'user', title: 'wiki', page: WikiPage },
  { path: 'wiki/:section', layout: 'main', access: 'user', title: 'wiki', page: WikiPage },
  { path: 'wiki/:section/type/FaqSection', layout: 'main', access: 'user', title: 'wiki', page: WikiPage },
  { path: 'wiki/:section/type/NewsSection', layout: 'main', access: 'user', title: 'wiki', page: WikiPage },
  {
    path: 'wiki/:section/type/PreviewSection',
    layout: 'main',
    access: 'user',
    title: 'wiki',
    page: WikiPage,
  },
  { path: 'wiki/:section/:id', layout: 'main', access: 'user', title: 'wiki', page: WikiArticlePage },
  { path: 'user/profile', layout: 'main', access: 'user', title: 'userProfile', page: UserProfilePage },
  { path: 'crawlers/:project', layout: 'main', access: 'user', title: 'crawlers', page: CrawlersPage },
  { path: 'alerts/:project', layout: 'main', access: 'user', title: 'alerts', page: AlertsPage },
  { path: 'disavow/:project', layout: 'main', access: 'user', title: 'disavow', page: DisavowPage },
  { path: 'graph/:project', layout: 'main', access: 'user', title: 'graph', page: GraphPage },
  { path: 'anchors/:project?/:tier', layout: 'main', access: 'user', title: 'anchors', page: AnchorsPage },
  {
    path: 'campaign/:tier?/:id?/index-history',
    layout: 'main',
    access: 'user',
    title: 'indexHistory',
    page: IndexHistoryPage,
  },
  {
    path: 'project/:tier?/:id?/index-history',
    layout: 'main',
    access: 'user',
    title: 'indexHistory',
    page: IndexHistoryPage,
  },
  {
    path: 'campaign/:tier?/:id?/domains',
    layout: 'main',
    access: 'user',
    title: 'domains',
    page: DomainsPage,
  },
  {
    path: 'project/:tier?/:id?/domains',
    layout: 'main',
    access: 'user',
    title: 'domains',
    page: DomainsPage,
  },
  {
    path: 'campaign/:type?/:tier?/:id',
    layout: 'main',
    access: 'user',
    title: 'campaign',
    page: CampaignPage,
  },
  { path: 'project/:type?/:tier?/:id', layout: 'main', access: 'user', title: 'project', page: ProjectPage },
  // Operators only: each console page answers anyone else with the 403 error page.
  { path: 'admin', layout: 'main', access: 'user', title: 'admin', page: AdminUsersPage },
  { path: 'admin/users/:id', layout: 'main', access: 'user', title: 'adminUser', page: AdminCustomerPage },
  { path: 'admin/prices', layout: 'main', access: 'user', title: 'adminPrices', page: AdminPricesPage },
  { path: 'admin/settings', layout: 'main', access: 'user', title: 'adminSettings', page: AdminSettingsPage },
  { path: 'admin/audit', layout: 'main', access: 'user', title: 'adminAudit', page: AdminAuditPage },
  { path: 'admin/tasks', layout: 'main', access: 'user', title: 'adminTasks', page: AdminTasksPage },
  {
    path: 'admin/partners',
    layout: 'main',
    access: 'user',
    title: 'adminPartners',
    page: AdminPartnersPage,
  },
  { path: 'partners', layout: 'partner', access: 'user', title: 'partners', page: PartnersPage },
  {
    path: 'partners/users',
    layout: 'partner',
    access: 'user',
    title: 'partnersUsers',
    page: PartnerUsersPage,
  },
  {
    path: 'partners/payout',
    layout: 'partner',
    access: 'user',
    title: 'partnersPayout',
    page: PartnerPayoutPage,
  },
  {
    path: 'partner-program',
    layout: 'empty',
    access: 'public',
    title: 'partnerProgram',
    page: PartnerLandingPage,
  },
  { path: 'admin/wiki', layout: 'main', access: 'user', title: 'adminWiki', page: AdminWikiPage },
  { path: 'login', layout: 'login', access: 'guest', title: 'login', page: LoginPage },
  { path: 'register', layout: 'login', access: 'guest', title: 'register', page: RegisterPage },
  {
    path: 'login/forgot-password',
    layout: 'login',
    access: 'guest',
    title: 'forgotPassword',
    page: ForgotPasswordPage,
  },
  {
    path: 'login/register-success',
    layout: 'login',
    access: 'guest',
    title: 'registerSuccess',
    page: RegisterSuccessPage,
  },
  {
    path: 'login/reset-password',
    layout: 'login',
    access: 'guest',
    title: 'resetPassword',
    page: ResetPasswordPage,
  },
  {
    path: 'confirm-email/:code',
    layout: 'empty',
    access: 'public',
    title: 'confirmEmail',
    page: ConfirmEmailPage,
  },
  { path: 'agreement', layout: 'empty', access: 'public', title: 'agreement', page: AgreementPage },
  { path: 'unsubscribe', layout: 'empty', access: 'public', title: 'unsubscribe', page: UnsubscribePage },
  { path: 'domain-check', layout: 'empty', access: 'public', title: 'domainCheck', page: DomainCheckPage },
  // spec point 6: the redirect target of non-user participant roles; no role check here, or it would loop.
  { path: 'payrolls', layout: 'empty', access: 'session', title: 'payrolls', page: PayrollsPage },
  // Issue 27: an invitation's link; a guest creates the login there, a logged-in user joins with theirs.
  { path: 'team/join/:code', layout: 'empty', access: 'public', title: 'teamJoin', page: JoinPage },
];

const LAYOUTS: Record<LayoutKind, ComponentType> = {
  main: MainLayout,
  partner: PartnerLayout,
  login: LoginLayout,
  empty: EmptyLayout,
};

function localeChildren(): RouteObject[] {
  const groups = new Map<string, AppRoute[]>();
  for (const route of ROUTES) {
    const key = `${route.layout}:${route.access}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const guarded: RouteObject[] = [...groups.values()].map((routes) => {
    const { layout, access } = routes[0];
    const Layout = LAYOUTS[layout];
    return {
      element: (
        <Guard access={access}>
          <Suspense>
            <Layout />
          </Suspense>
        </Guard>
      ),
      children: routes.map(({ path, title, page: Page }) => ({
        ...(path === '' ? { index: true } : { path }),
        handle: { title, chunks: [Layout, Page] } satisfies PageHandle,
        element: <Page />,
      })),
    };
  });
  return [
    ...guarded,
    {
      element: (
        <RequirePrefix>
          <Suspense>
            <EmptyLayout />
          </Suspense>
        </RequirePrefix>
      ),
      children: [
        {
          path: '*',
          handle: { title: 'notFound', chunks: [EmptyLayout] } satisfies PageHandle,
          element: <NotFoundPage />,
        },
      ],
    },
  ];
}

/**
 * Every route in four forms: no prefix (cookie locale or en), /en, /ru and /ua. Plain routes rendered by
 * `useRoutes` (AppRoutes), not a data router: nothing here loads data before rendering, and the data
 * router is about 15 KB (brotli) of every first download. Errors reach the error page through
 * RouteErrorBoundary instead of an errorElement.
 *
 * `useRoutes` flattens and ranks the table it is given on every render, and a cold load renders the
 * routes a dozen times (the user, the catalog, each chunk): with all four forms in one table that was
 * ~80 ms of a desktop's main thread on the campaign page, four times that on a throttled phone. A
 * path's prefix names its form, so only that form's table is handed over (the full table would rank
 * `/en/…` above the unprefixed `*` anyway).
 */
const forms = new Map<Locale | null, RouteObject[]>(
  [null, ...LOCALES].map((locale) => [
    locale,
    [
      {
        element: <RootShell titleAt={pageTitleAt} />,
        children: [{ path: locale ? `/${locale}` : '/', children: localeChildren() }],
      },
    ],
  ]),
);

/** The route table of the form a path is written in (its locale prefix, or none). */
export function routesFor(pathname: string): RouteObject[] {
  return forms.get(splitLocale(pathname).locale) ?? [];
}

// matchRoutes flattens and ranks the whole table on each call: a phone spent about 40 ms on it per call
// for the four forms of every route, and a cold load asked three times for the same path (preload,
// title, render). The handles are the same in every form: the path without its locale prefix is
// matched against one form, and the last answer is kept.
const oneForm: RouteObject[] = [{ path: '/', children: localeChildren() }];
let lastMatch: { pathname: string; handles: Partial<PageHandle>[] } | undefined;

function pageHandles(pathname: string): Partial<PageHandle>[] {
  if (lastMatch?.pathname !== pathname) {
    const handles = (matchRoutes(oneForm, splitLocale(pathname).rest) ?? []).map(
      (match) => (match.route.handle ?? {}) as Partial<PageHandle>,
    );
    lastMatch = { pathname, handles };
  }
  return lastMatch.handles;
}

/** The title of the page a path shows (the innermost route that names one). */
export function pageTitleAt(pathname: string): PageTitle | undefined {
  return pageHandles(pathname).findLast((handle) => handle.title)?.title;
}

/**
 * Starts the downloads of the layout and page chunks a path renders, so a cold load fetches them
 * beside the language catalog and the current user instead of one after the other. Settles when they
 * are in (or have failed: that is handled where the chunk renders, one reload, then the error page).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const chunks = pageHandles(pathname).flatMap((handle) => handle.chunks ?? []);
  return Promise.allSettled(chunks.filter(isLazyPage).map((chunk) => chunk.preload()));
}
