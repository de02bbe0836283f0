import { type Action, decide, effectiveSpaceRole } from '../../domain/policy.ts'
import { spaceRoleAtLeast } from '../../domain/roles.ts'
import { MESSAGES, messageFor, type Reason } from '../../errors/catalog.ts'
import type { Row, Sent } from './row.ts'
import type { Caller, Target, World } from './world.ts'

/**
 * An answer as the permission test compares it: `allow`, or the catalogued reason of a refusal
 * (`unauthenticated`, `not_found`, `forbidden`, `restricted_token`, `read_only_token`, ...). A
 * refusal is told apart by its message, as the error code alone does not say which 403 it is.
 */
export type Outcome = string

/** The organization and space a path names (`/organizations/{org}/spaces/{space}/...`), if any. */
export function targetOf(row: Row<unknown>, sent: Sent): Target | undefined {
  if (row.target) return row.target
  const match = /^\/organizations\/([^/?]+)(?:\/spaces\/([^/?]+))?/.exec(sent.path)
  if (!match?.[1]) return undefined
  return match[2] ? { org: match[1], space: match[2] } : { org: match[1] }
}

const refOf = (target: Target | undefined) => (target ? `${target.org}/${target.space ?? ''}` : '')

/** What the policy says of one caller sending a row's request. */
export function expectedOutcome(row: Row<unknown>, caller: Caller, world: World, sent: Sent): Outcome {
  if (row.action === 'public') return 'allow'
  if (!caller.who) return 'unauthenticated'
  if (row.action === 'signed-in') return 'allow'
  const target = targetOf(row, sent)
  // A listing of every organization or space filters what it shows: only the signed-in part is checked here.
  if (row.lists && !target) return 'allow'
  const first = decideOn(row.action, caller, world, target, row.hiddenAs)
  if (first !== 'allow') return first === 'not_found' || !row.refusesAs ? first : row.refusesAs(first, caller)
  if (row.needs && target) {
    const role = effectiveSpaceRole(world.factsOf(caller, target))
    if (!spaceRoleAtLeast(role, row.needs)) return 'forbidden'
  }
  return row.also ? decideOn(row.also.action, caller, world, row.also.target, 'unknown_space') : 'allow'
}

function decideOn(
  action: Action,
  caller: Caller,
  world: World,
  target: Target | undefined,
  hiddenAs: Reason | undefined,
): Outcome {
  const decision = decide(action, world.factsOf(caller, target))
  return decision === 'not_found' && hiddenAs ? hiddenAs : decision
}

/** The outcome of an answer: `allow` for a success or the row's `allowedAs`, else the refusal's reason. */
export async function outcomeOf(row: Row<unknown>, sent: Sent, response: Response): Promise<Outcome> {
  if (response.status < 300) return 'allow'
  const text = await response.text()
  let body: { message?: string } = {}
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: shown as it came.
  }
  // A space named in a query or a body is the one placeholder the refusals here fill in.
  const values = [targetOf(row, sent), row.also?.target].map(refOf)
  for (const reason of Object.keys(MESSAGES) as Reason[]) {
    if (!values.some((value) => body.message === messageFor(reason, 'en', { value }))) continue
    return reason === row.allowedAs ? 'allow' : reason
  }
  return `${response.status}: ${text.slice(0, 200)}`
}
