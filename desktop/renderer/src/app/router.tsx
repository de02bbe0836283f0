import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import { AppFrame } from '../components/app-frame.tsx'
import { Loading, NotFound, RouteError } from '../components/states.tsx'
import type { DesktopInfo } from '../features/desktop/desktop-api.ts'
import { placeToReopen } from '../features/desktop/last-place.ts'
import { desktopQuery } from '../features/desktop/queries.ts'
import { startEditableRead } from '../features/editor/queries.ts'
import { canWriteAs, fileQuery, readSpace, spaceQuery } from '../features/space/queries.ts'
import { ApiError } from './api.ts'
import { whenIdle } from './idle.ts'
import { focusNewScreens } from './screen-focus.ts'
import { meQuery } from './session.ts'

type RouterContext = { queryClient: QueryClient }

/**
 * The desktop engine's info, or null on the hosted server (known from the page, with no request). A
 * failure to read it (no session on the engine's loopback address) is not cached: the app goes on as hosted.
 */
async function desktopMode(queryClient: QueryClient): Promise<DesktopInfo | null> {
  return queryClient.ensureQueryData(desktopQuery).catch(() => null)
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
})

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  // `sso_error`: why a sign-in through a single sign-on provider failed (the server sends it back here).
  validateSearch: (search: Record<string, unknown>): { next?: string; sso_error?: string } => ({
    ...(typeof search.next === 'string' ? { next: search.next } : {}),
    ...(typeof search.sso_error === 'string' ? { sso_error: search.sso_error } : {}),
  }),
  // The desktop engine always has the person signed in: its window never shows this screen.
  beforeLoad: async ({ context }) => {
    if (await desktopMode(context.queryClient)) throw redirect({ to: '/' })
  },
  component: lazyRouteComponent(() => import('../features/auth/sign-in.tsx'), 'SignIn'),
})

/** The pages a mailed link opens: usable signed out, outside the app's frame. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('../features/auth/forgot-password.tsx'), 'ForgotPassword'),
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password/$token',
  component: lazyRouteComponent(() => import('../features/auth/reset-password.tsx'), 'ResetPassword'),
})

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email/$token',
  component: lazyRouteComponent(() => import('../features/auth/verify-email.tsx'), 'VerifyEmail'),
})

const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  component: lazyRouteComponent(
    () => import('../features/invitations/invitation-page.tsx'),
    'InvitationPage',
  ),
})

/**
 * The signed-in account, or a redirect to sign in (and back to `next` afterwards); the desktop,
 * always signed in, never falls back to the sign-in screen.
 */
async function signedInAccount(queryClient: QueryClient, desktop: DesktopInfo | null, next: string) {
  try {
    return await queryClient.ensureQueryData(meQuery)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !desktop)
      throw redirect({ to: '/sign-in', search: { next } })
    throw error
  }
}

/**
 * Choosing a new password after a super admin set one: until then the API refuses everything else,
 * so every signed-in screen leads here, and this screen leads back once it is done.
 */
const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/change-password',
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  beforeLoad: async ({ context, location, search }) => {
    const desktop = await desktopMode(context.queryClient)
    const me = await signedInAccount(context.queryClient, desktop, location.href)
    if (!me.must_change_password) throw redirect({ href: search.next ?? '/', replace: true })
  },
  component: lazyRouteComponent(
    () => import('../features/account/forced-password-change.tsx'),
    'ForcedPasswordChange',
  ),
})

/** Every screen but sign-in: needs an account, shown in the app's frame. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    // The account is asked for at once, beside the desktop's info (known without a request on the
    // hosted server); the info is known before the account's answer is read, so the desktop never
    // falls back to the sign-in screen.
    void context.queryClient.ensureQueryData(meQuery).catch(() => undefined)
    const desktop = await desktopMode(context.queryClient)
    // The desktop app opens where the person left it.
    const reopen = desktop ? placeToReopen(location.pathname) : undefined
    if (reopen) throw redirect({ href: reopen, replace: true })
    const me = await signedInAccount(context.queryClient, desktop, location.href)
    if (me.must_change_password)
      throw redirect({ to: '/change-password', search: { next: location.href }, replace: true })
  },
  component: AppFrame,
})

const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/home/home.tsx'), 'Home'),
})

/** The desktop's own settings (the hosted server shows it as an address it does not know). */
const desktopRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/desktop',
  component: lazyRouteComponent(() => import('../features/desktop/desktop-settings.tsx'), 'DesktopSettings'),
})

/** Search filters, kept in the address so a search can be shared and reloaded. */
export type SearchParams = { q?: string; mode?: 'auto' | 'text'; spaces?: string[]; regex?: boolean }

const searchRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/search',
  validateSearch: (search: Record<string, unknown>): SearchParams => ({
    q: typeof search.q === 'string' ? search.q : undefined,
    mode: search.mode === 'text' ? 'text' : search.mode === 'auto' ? 'auto' : undefined,
    spaces: Array.isArray(search.spaces)
      ? search.spaces.filter((s): s is string => typeof s === 'string')
      : undefined,
    regex: search.regex === true ? true : undefined,
  }),
  component: lazyRouteComponent(() => import('../features/search/search-page.tsx'), 'SearchPage'),
})

const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('../features/account/account-page.tsx'), 'AccountPage'),
})

const instanceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('../features/instance/instance-admin.tsx'), 'InstanceAdmin'),
})

const organizationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/org/$org',
  component: lazyRouteComponent(() => import('../features/organization/org-settings.tsx'), 'OrgSettings'),
})

/** A space: its page tree beside whichever of its screens is open. */
const spaceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/s/$org/$space',
  // The space's details and the top of its tree are asked for as the address changes, beside the
  // screen's code, and waited for: the screen is drawn once with them. Drawn before, it would wait
  // for the details in a loading state, and React shows what comes after a loading state no sooner
  // than 300 ms after it. Past the router's pending time the loading state shows. Once read they are
  // kept: the screens read them again themselves when stale, and show their errors.
  loader: async ({ context, params }) => {
    await readSpace(context.queryClient, params.org, params.space)
  },
  pendingComponent: () => <Loading />,
  component: lazyRouteComponent(() => import('../features/space/space-layout.tsx'), 'SpaceLayout'),
})

const spaceHomeRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/',
  // `folder`: a folder of the space to list (a breadcrumb's link), rather than the space's home page.
  validateSearch: (search: Record<string, unknown>): { folder?: string } =>
    typeof search.folder === 'string' && search.folder !== '' ? { folder: search.folder } : {},
  component: lazyRouteComponent(() => import('../features/space/space-home.tsx'), 'SpaceHome'),
})

const pageRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/page/$',
  // The page's text is asked for as the address changes (see onBeforeNavigate below) and, unless
  // read before (shown at once, and read again as it shows), waited for: the page on screen stays
  // until the next one can be drawn whole, in one render, rather than giving way to a loading state
  // while the text is read. Past the router's `pendingMs` the loading state shows. A text that cannot
  // be read is not an error here: the screen shows it (a missing page, a retry).
  loader: ({ context, params }) => {
    const read = fileQuery(params.org, params.space, params._splat ?? '')
    if (context.queryClient.getQueryData(read.queryKey) !== undefined) return
    return context.queryClient.prefetchQuery(read)
  },
  // `title`: for a page not written yet, the name of the link that led to it (the title to offer).
  validateSearch: (search: Record<string, unknown>): { title?: string } =>
    typeof search.title === 'string' && search.title !== '' ? { title: search.title } : {},
  pendingComponent: () => <Loading />,
  component: lazyRouteComponent(() => import('../features/space/page-view.tsx'), 'PageView'),
})

const historyRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/history/$',
  component: lazyRouteComponent(() => import('../features/space/history-view.tsx'), 'HistoryView'),
})

const editRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/edit/$',
  component: lazyRouteComponent(() => import('../features/editor/edit-page.tsx'), 'EditPage'),
})

const newPageRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/new',
  // `folder` starts the path where the person is; `path` is a page a link leads to, to write, and
  // `title` the name the link gave it.
  validateSearch: (search: Record<string, unknown>): { folder?: string; path?: string; title?: string } => ({
    ...(typeof search.folder === 'string' ? { folder: search.folder } : {}),
    ...(typeof search.path === 'string' ? { path: search.path } : {}),
    ...(typeof search.title === 'string' ? { title: search.title } : {}),
  }),
  component: lazyRouteComponent(() => import('../features/editor/new-page.tsx'), 'NewPage'),
})

const trashRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/trash',
  component: lazyRouteComponent(() => import('../features/space/trash-view.tsx'), 'TrashView'),
})

const inboxRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/inbox',
  validateSearch: (search: Record<string, unknown>): { kind?: 'note' | 'change' | 'left' } =>
    search.kind === 'note' || search.kind === 'change' || search.kind === 'left' ? { kind: search.kind } : {},
  component: lazyRouteComponent(() => import('../features/inbox/inbox-list.tsx'), 'InboxList'),
})

const inboxItemRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/inbox/$name',
  component: lazyRouteComponent(() => import('../features/inbox/inbox-item.tsx'), 'InboxItem'),
})

const tidyRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/tidy',
  component: lazyRouteComponent(() => import('../features/tidy/tidy-runs.tsx'), 'TidyRuns'),
})

const routinesRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/routines',
  component: lazyRouteComponent(() => import('../features/routines/routines-view.tsx'), 'RoutinesView'),
})

const healthRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/health',
  component: lazyRouteComponent(() => import('../features/quality/health-report.tsx'), 'HealthReport'),
})

const spaceSettingsRoute = createRoute({
  getParentRoute: () => spaceRoute,
  path: '/settings',
  component: lazyRouteComponent(
    () => import('../features/space-settings/space-settings.tsx'),
    'SpaceSettings',
  ),
})

const routeTree = rootRoute.addChildren([
  signInRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  invitationRoute,
  changePasswordRoute,
  signedInRoute.addChildren([
    homeRoute,
    desktopRoute,
    searchRoute,
    accountRoute,
    instanceRoute,
    organizationRoute,
    spaceRoute.addChildren([
      spaceHomeRoute,
      pageRoute,
      historyRoute,
      editRoute,
      newPageRoute,
      trashRoute,
      inboxRoute,
      inboxItemRoute,
      tidyRoute,
      routinesRoute,
      healthRoute,
      spaceSettingsRoute,
    ]),
  ]),
])

/** The screens people go to most from wherever they are: a space, its home, one of its pages. */
const LIKELY_NEXT_SCREENS = [spaceRoute, spaceHomeRoute, pageRoute]

/** How long code loaded ahead waits for the browser to be idle before it is loaded anyway. */
const PRELOAD_IDLE_TIMEOUT_MS = 2_000

/** The app's router: every screen's address. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingMs: 150,
    // Once the loading state shows, the screen replaces it as soon as it is ready: the router's own
    // default holds it at least 500 ms, which kept a cold start's first page blank for that long after
    // its text had come.
    defaultPendingMinMs: 0,
    scrollRestoration: true,
  })
  focusNewScreens(router)
  // Once the first screen is up and the browser idle, the code of a space's screens is loaded: the
  // click that opens a space or a page then waits for its data only. (A pointer resting on a link
  // loads it too, sooner; a keyboard or a quick click does not.)
  const stopWaiting = router.subscribe('onResolved', () => {
    stopWaiting()
    whenIdle(() => {
      for (const route of LIKELY_NEXT_SCREENS) void route.options.component?.preload?.()
    }, PRELOAD_IDLE_TIMEOUT_MS)
  })
  // The editor's code likewise, once someone who may write in the space is shown one of its pages.
  router.subscribe('onResolved', ({ toLocation }) => {
    const [, params, route] = router.getMatchedRoutes(toLocation.pathname)
    if (route?.id !== pageRoute.id) return
    const details = queryClient.getQueryData(spaceQuery(params.org ?? '', params.space ?? '').queryKey)
    if (canWriteAs(details?.role))
      whenIdle(() => void editRoute.options.component?.preload?.(), PRELOAD_IDLE_TIMEOUT_MS)
  })
  // A page's text is asked for the moment a navigation to it starts (a link, the tree, the
  // switcher, the browser's back button): before the screens render the new address, which the
  // route's loader waits for.
  // The same for the editor's text, which its screen reads once per visit.
  // The code of the screens the address shows is asked for at the same moment, beside the session's
  // checks: otherwise the router loads it only once they have answered, a round trip later.
  // A space's details and its tree's top likewise, which its loader would ask for only then.
  router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    const [routes, params, route] = router.getMatchedRoutes(toLocation.pathname)
    for (const shown of routes) void shown.options.component?.preload?.()
    const { org = '', space = '', _splat = '' } = params
    if (routes.some((shown) => shown.id === spaceRoute.id)) void readSpace(queryClient, org, space)
    if (route?.id === pageRoute.id) void queryClient.prefetchQuery(fileQuery(org, space, _splat))
    else if (route?.id === editRoute.id) startEditableRead(org, space, _splat)
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
