import type { Credential, Facts } from '../../domain/policy.ts'
import type { OrgRole, SpaceMemberRole } from '../../domain/roles.ts'

/**
 * The seeded world of the HTTP permission test, as data: who exists, who belongs where, and who
 * calls. The seed builds it through the API, and the expected answers are worked out from the same
 * data through the policy, so the two cannot drift apart.
 */

/** The accounts; each signs in with `<name>-password`. */
export const PEOPLE = [
  'root',
  'orgadmin',
  'writer',
  'reader',
  'member',
  'outsider',
  'extra',
  'leaver',
] as const
export type Person = (typeof PEOPLE)[number]

/** The super admins. */
export const SUPERADMINS: readonly Person[] = ['root']

/** Organization memberships, by organization slug. */
export const ORGS: Readonly<Record<string, Partial<Record<Person, OrgRole>>>> = {
  acme: { orgadmin: 'admin', writer: 'member', reader: 'member', member: 'member', extra: 'member' },
  globex: { outsider: 'admin' },
}

/** The spaces seeded at the start, `<org>/<space>`, with their members. */
export const SPACES: Readonly<Record<string, Partial<Record<Person, SpaceMemberRole>>>> = {
  // Where most actions are tried: a contributor, a reader, and organization members without a role.
  'acme/wiki': { writer: 'contributor', reader: 'reader' },
  // Where the writer only reads: the other space a space-restricted token may be limited to.
  'acme/board': { writer: 'reader' },
  // Whose incoming Git-host webhook is signed with a secret no other row replaces.
  'acme/hooked': {},
  // Another organization's space, seen by its own people only.
  'globex/plans': {},
}

/** Who calls: an account with one kind of credential, or nobody. */
export type Caller = {
  name: string
  who?: Person
  /** A personal token that may only read. */
  readOnly?: boolean
  /** A personal token limited to these spaces (`<org>/<space>`). */
  spaces?: string[]
  /** The web session's cookie rather than a personal token. */
  session?: boolean
}

/** Each relevant caller: every role, and the credential kinds the policy tells apart. */
export const CALLERS: readonly Caller[] = [
  { name: 'anonymous' },
  { name: 'super admin', who: 'root' },
  { name: 'super admin, read-only token', who: 'root', readOnly: true },
  { name: 'org admin', who: 'orgadmin' },
  { name: 'org admin, read-only token', who: 'orgadmin', readOnly: true },
  { name: 'org admin, token for the wiki', who: 'orgadmin', spaces: ['acme/wiki'] },
  { name: 'org admin, token for the board', who: 'orgadmin', spaces: ['acme/board'] },
  { name: 'contributor', who: 'writer' },
  { name: 'contributor, read-only token', who: 'writer', readOnly: true },
  { name: 'contributor, web session', who: 'writer', session: true },
  { name: 'reader', who: 'reader' },
  { name: 'org member', who: 'member' },
  { name: "another organization's admin", who: 'outsider' },
]

/** What an action is checked on: an organization, or one of its spaces. */
export type Target = { org: string; space?: string }

/** The spaces the policy knows of (seeded or made for one row), by `<org>/<space>`. */
export class World {
  private readonly members = new Map<string, Partial<Record<Person, SpaceMemberRole>>>()
  private readonly ids = new Map<string, number>()

  constructor() {
    for (const [ref, members] of Object.entries(SPACES)) this.addSpace(ref, members)
  }

  /** Records a space made after the seed, with its members. */
  addSpace(ref: string, members: Partial<Record<Person, SpaceMemberRole>>): void {
    this.members.set(ref, members)
    this.ids.set(ref, this.ids.size + 1)
  }

  /** The policy's facts about a caller on a target, from the world's memberships alone. */
  factsOf(caller: Caller, target: Target | undefined): Facts {
    const who = caller.who as Person
    const facts: Facts = { isSuperadmin: SUPERADMINS.includes(who), credential: this.credentialOf(caller) }
    if (!target) return facts
    facts.orgMembership = ORGS[target.org]?.[who] ?? null
    const { credential } = facts
    const tokenSpaces = credential.kind === 'token' ? credential.spaceIds : null
    facts.orgHoldsTokenSpace =
      tokenSpaces === null ||
      [...this.ids].some(([ref, id]) => ref.startsWith(`${target.org}/`) && tokenSpaces.includes(id))
    if (target.space === undefined) return facts
    const ref = `${target.org}/${target.space}`
    facts.spaceMembership = this.members.get(ref)?.[who] ?? null
    facts.spaceId = this.idOf(ref)
    return facts
  }

  private credentialOf(caller: Caller): Credential {
    if (caller.session) return { kind: 'session' }
    const spaceIds = caller.spaces ? caller.spaces.map((ref) => this.idOf(ref)) : null
    return { kind: 'token', readOnly: caller.readOnly ?? false, spaceIds }
  }

  private idOf(ref: string): number {
    const id = this.ids.get(ref)
    if (id === undefined) throw new Error(`the world has no space ${ref}`)
    return id
  }
}
