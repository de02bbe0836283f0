import './app/style.css'
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ApiError } from './app/api.ts'
import './app/i18n.ts'
import { watchPresence } from './app/presence.ts'
import { createAppRouter } from './app/router.tsx'
import { rememberPlace } from './features/desktop/last-place.ts'
import { desktopQuery } from './features/desktop/queries.ts'
import { readSpacePaths } from './features/space/queries.ts'
import { SpacePaths } from './markdown/space-paths.ts'

watchPresence(window)

const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal or a missing resource will not change by asking again.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
  mutationCache: new MutationCache({
    onError: (error) => {
      // A session that ended while the person worked: back to sign-in, then back here.
      const isSignedOut = error instanceof ApiError && error.status === 401
      // The desktop has no sign-in screen: the error is shown where it happened.
      const isDesktop = Boolean(queryClient.getQueryData(desktopQuery.queryKey))
      if (isSignedOut && !isDesktop && location.pathname !== '/sign-in') {
        void router.navigate({ to: '/sign-in', search: { next: location.pathname + location.search } })
      }
    },
  }),
})
const router = createAppRouter(queryClient)
const readPaths = (org: string, space: string) => readSpacePaths(queryClient, org, space)
router.subscribe('onResolved', ({ toLocation }) => {
  if (queryClient.getQueryData(desktopQuery.queryKey)) rememberPlace(toLocation.href)
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SpacePaths value={readPaths}>
        <RouterProvider router={router} />
      </SpacePaths>
    </QueryClientProvider>
  </StrictMode>,
)
