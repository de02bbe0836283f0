import type { desktopRoutes } from './desktop-routes.ts'

/**
 * What crosses the engine's edges, with none of the engine's code: the engine's entry point as the
 * shell sees it (the shell's bundles never load the engine; the utility process imports it by name
 * at run time), and the desktop API as the window's typed client sees it.
 */
export type { Engine, EngineOptions } from './engine.ts'

/** How a space came to this computer: kept here only, cloned from a Git remote, or from a hosted server. */
export const SPACE_KINDS = ['local', 'git', 'server'] as const
export type SpaceKind = (typeof SPACE_KINDS)[number]

/** Where a space of this computer stands with its remote. */
export const SYNC_STATUSES = ['local', 'synced', 'syncing', 'offline', 'conflicts', 'error'] as const
export type SyncStatus = (typeof SYNC_STATUSES)[number]

/**
 * The desktop's own API (`/api/v1/desktop`), for the window's typed client: the shapes it sends and
 * receives are inferred from these routes, so the window never writes them again.
 */
export type DesktopRoutes = ReturnType<typeof desktopRoutes>
