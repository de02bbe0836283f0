import type { Action } from '../../domain/policy.ts'
import type { SpaceRole } from '../../domain/roles.ts'
import type { Reason } from '../../errors/catalog.ts'
import type { Outcome } from './outcome.ts'
import type { Caller, Person, Target, World } from './world.ts'

/** A request as one caller sends it (the caller's credential is added to the headers). */
export type Sent = { path: string; body?: unknown; headers?: Record<string, string> }

/** What the seed made that rows point at. */
export type Seeded = {
  /** An outgoing webhook of acme. */
  webhook: string
  /** A routine of the wiki. */
  routine: string
  /** A note in the wiki's inbox, with one attachment. */
  note: string
  attachment: string
  /** A tidy-up run of the wiki, queued and never run: it has no commit to revert. */
  tidyRun: string
  /** The secret that signs the incoming Git-host webhook of acme/hooked. */
  hookSecret: string
}

/** What the rows may use to prepare their requests. */
export type Probe = {
  /** Sends a request with the given headers (a caller's credential, or none). */
  send(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<Response>
  /** A request of the super admin that has to succeed: setting up, not under test. Its JSON, if any. */
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>
  /** A number not handed out before, for names that must be new. */
  fresh(): number
  /** Connects an OAuth application for an account, as its consent would, and returns the grant's id. */
  connectApp(who: Person): Promise<string>
  /** Mints a personal token for an account and returns its id. */
  mintToken(who: Person): Promise<string>
  world: World
  seeded: Seeded
}

/**
 * One route of the API and the policy action it is checked against. Every caller sends the same
 * request, and each answer is compared with what `decide` says of that caller on the target.
 */
export type Row<Made = undefined> = {
  /** Method and path template, as the OpenAPI document names the operation. */
  route: string
  /**
   * The policy action; `public` for a route that asks for no credentials (everyone gets the same
   * answer), `signed-in` for one open to any signed-in caller without an action of the policy.
   */
  action: Action | 'public' | 'signed-in'
  /** What the action is checked on, when the path does not name it. */
  target?: Target
  /** A second action the route checks once the first allows, on another target. */
  also?: { action: Action; target: Target }
  /** A space role the service asks for on top of the action (not in the policy's table). */
  needs?: SpaceRole
  /** How an invisible target is refused, when not as `not_found` (a space named in a body or query). */
  hiddenAs?: Reason
  /**
   * How the route words a refusal of the policy, where it answers with a reason of its own (each
   * such difference is a finding: the status stays the policy's, the message does not).
   */
  refusesAs?(refusal: Outcome, caller: Caller): Outcome
  /** The catalogued reason an allowed call ends on, when the route cannot complete here. */
  allowedAs?: Reason
  /** For a listing: which seeded items each caller must see (the others must not be listed). */
  lists?: 'organizations' | 'spaces'
  /** What an allowed call ends, the web session or every credential of the account: issued again after it. */
  revokes?: 'session' | 'account'
  /**
   * Makes what an allowed call uses up (as the super admin). It is made again after each allowed
   * call, or for every caller when `perCaller` (what belongs to the caller's own account).
   */
  setUp?(probe: Probe, caller: Caller): Promise<Made>
  perCaller?: boolean
  /** The request, for what `setUp` made. */
  request(probe: Probe, made: Made): Sent
}

/** A row whose `setUp` makes something of its own type, among rows that make other things. */
export function row<Made = undefined>(definition: Row<Made>): Row<unknown> {
  return definition as Row<unknown>
}

/** Every space route starts here. */
export const WIKI = '/organizations/acme/spaces/wiki'
