import { queryOptions } from '@tanstack/react-query'
import { ok } from '../../app/api.ts'
import { desktopApi, runsOnDesktop } from './desktop-api.ts'

/** The cache keys of the desktop's own API. */
export const desktopKeys = {
  /** The engine's info (null on the hosted server). */
  info: () => ['desktop'] as const,
  /** This computer's spaces with their sync state. */
  spaces: () => ['desktop-spaces'] as const,
}

/**
 * The engine's info when the app runs in the desktop window, else null. Asked once: the answer does
 * not change while the app runs (the identity is written back into it when it changes).
 */
export const desktopQuery = queryOptions({
  queryKey: desktopKeys.info(),
  queryFn: () => (runsOnDesktop() ? ok(desktopApi.index.$get()) : null),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})

/** The spaces of this computer with their sync state (read afresh each time the list is shown). */
export const desktopSpacesQuery = queryOptions({
  queryKey: desktopKeys.spaces(),
  staleTime: 0,
  queryFn: async () => (await ok(desktopApi.spaces.$get())).spaces,
})
