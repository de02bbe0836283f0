import { hc, type InferRequestType, type InferResponseType } from 'hono/client'
import type { DesktopRoutes } from '#desktop/engine/contract.ts'
import { apiHeaders } from '../../app/api.ts'

/**
 * The typed client of the desktop engine's own API (`/api/v1/desktop`), which the hosted server does
 * not have: ask it only when `runsOnDesktop()`.
 */
export const desktopApi = hc<DesktopRoutes>('/api/v1/desktop', { headers: apiHeaders })

/** What the desktop engine says of itself (`GET /desktop`). */
export type DesktopInfo = InferResponseType<typeof desktopApi.index.$get, 200>

/** The name and e-mail the desktop puts on the person's commits. */
export type Person = DesktopInfo['person']

/** A space kept on this computer, with its sync state. */
export type DesktopSpace = InferResponseType<typeof desktopApi.spaces.$get, 200>['spaces'][number]

/** Where a space of this computer comes from. */
export type SpaceKind = DesktopSpace['kind']

/** The account a token opens on a Quire server, and the spaces it can read there (`kept` when here already). */
export type ServerAccount = InferResponseType<typeof desktopApi.servers.spaces.$post, 200>

/** What adding spaces sends, one shape per kind. */
export type NewSpaces = InferRequestType<typeof desktopApi.spaces.$post>['json']

export { runsOnDesktop } from '../../app/desktop-page.ts'
