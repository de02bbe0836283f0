import {
  type OrgRole,
  orgRoleAtLeast,
  type SpaceMemberRole,
  type SpaceRole,
  spaceRoleAtLeast,
} from './roles.ts'

/**
 * Who may do what: one declarative table, checked by the services (never only by routes).
 *
 * Each action names the level it applies to and the least role it needs there:
 * - `account`: the caller's own account; `instance`: the whole service (super admin);
 * - `org` / `space`: an organization or a space, which must first be visible to the caller (404 otherwise).
 * `writes` actions are refused to read-only tokens; `administers` actions (instance and organization
 * administration, account management) are refused to any restricted token (SPEC 5.4-5.5).
 */
export const POLICY = {
  'account.read': { level: 'account', writes: false, administers: false },
  'account.manage': { level: 'account', writes: true, administers: true },
  /** Changing one's own password: the one action left to an account whose password must be changed. */
  'account.password': { level: 'account', writes: true, administers: true },
  'users.read': { level: 'instance', writes: false, administers: true },
  'users.manage': { level: 'instance', writes: true, administers: true },
  'sso.manage': { level: 'instance', writes: true, administers: true },
  'org.create': { level: 'instance', writes: true, administers: true },
  'org.delete': { level: 'instance', writes: true, administers: true },
  'org.read': { level: 'org', needs: 'member', writes: false, administers: false },
  'org.update': { level: 'org', needs: 'admin', writes: true, administers: true },
  'org.members.manage': { level: 'org', needs: 'admin', writes: true, administers: true },
  'space.create': { level: 'org', needs: 'admin', writes: true, administers: true },
  'space.read': { level: 'space', needs: 'reader', writes: false, administers: false },
  'space.write': { level: 'space', needs: 'contributor', writes: true, administers: false },
  'space.admin': { level: 'space', needs: 'admin', writes: true, administers: true },
  'space.admin.read': { level: 'space', needs: 'admin', writes: false, administers: true },
} as const satisfies Record<string, Rule>

type Rule =
  | { level: 'account' | 'instance'; writes: boolean; administers: boolean }
  | { level: 'org'; needs: OrgRole; writes: boolean; administers: boolean }
  | { level: 'space'; needs: SpaceRole; writes: boolean; administers: boolean }

export type Action = keyof typeof POLICY

/** How the caller is authenticated: a personal token carries restrictions, a session none. */
export type Credential =
  | { kind: 'session' }
  | { kind: 'token'; readOnly: boolean; spaceIds: readonly number[] | null }

/** What the policy needs to know about the caller and the target. */
export type Facts = {
  isSuperadmin: boolean
  credential: Credential
  /** Whether the caller's password was set by a super admin and must be changed before anything else. */
  mustChangePassword?: boolean
  /** The caller's membership role in the target organization (org and space actions). */
  orgMembership?: OrgRole | null
  /** The caller's membership role in the target space (space actions). */
  spaceMembership?: SpaceMemberRole | null
  /** The target space (space actions), to check a token's space restriction. */
  spaceId?: number
  /** Whether the target organization holds one of a space-restricted token's spaces (org actions). */
  orgHoldsTokenSpace?: boolean
}

/** `allow`, `not_found` (invisible target), or the reason a visible target refuses the action. */
export type Decision =
  | 'allow'
  | 'not_found'
  | 'forbidden'
  | 'restricted_token'
  | 'read_only_token'
  | 'password_change_required'

/** What an account whose password must be changed may still do: read itself and change the password. */
const BEFORE_PASSWORD_CHANGE: ReadonlySet<Action> = new Set(['account.read', 'account.password'])

/** Whether the credential is a token with any restriction (read-only or limited to spaces). */
export function isRestricted(credential: Credential): boolean {
  return credential.kind === 'token' && (credential.readOnly || credential.spaceIds !== null)
}

/** Whether the credential is a read-only token: it writes nowhere, whatever the person's role. */
export function isReadOnly(credential: Credential): boolean {
  return credential.kind === 'token' && credential.readOnly
}

/** The caller's effective organization role: super admins administer every organization. */
export function effectiveOrgRole(facts: Facts): OrgRole | null {
  const role = facts.isSuperadmin ? 'admin' : (facts.orgMembership ?? null)
  if (role === null) return null
  if (facts.credential.kind === 'token' && facts.credential.spaceIds !== null && !facts.orgHoldsTokenSpace) {
    return null
  }
  // A token has at most its owner's rights, and a restricted one administers nothing.
  return role === 'admin' && isRestricted(facts.credential) ? 'member' : role
}

/** The caller's effective space role: organization admins hold every right on their spaces. */
export function effectiveSpaceRole(facts: Facts): SpaceRole | null {
  const { credential } = facts
  if (credential.kind === 'token' && credential.spaceIds !== null) {
    if (facts.spaceId === undefined || !credential.spaceIds.includes(facts.spaceId)) return null
  }
  const isOrgAdmin = facts.isSuperadmin || facts.orgMembership === 'admin'
  const role: SpaceRole | null = isOrgAdmin ? 'admin' : (facts.spaceMembership ?? null)
  if (role === null) return null
  return role === 'admin' && isRestricted(credential) ? 'contributor' : role
}

/** Decides one action: `not_found` when the target is invisible, `forbidden` when visible but refused. */
export function decide(action: Action, facts: Facts): Decision {
  if (facts.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(action)) return 'password_change_required'
  const rule: Rule = POLICY[action]
  let enough: boolean
  switch (rule.level) {
    case 'account':
      enough = true
      break
    case 'instance':
      enough = facts.isSuperadmin
      break
    case 'org': {
      const role = effectiveOrgRole(facts)
      if (role === null) return 'not_found'
      enough = orgRoleAtLeast(role, rule.needs)
      break
    }
    case 'space': {
      const role = effectiveSpaceRole(facts)
      if (role === null) return 'not_found'
      enough = spaceRoleAtLeast(role, rule.needs)
      break
    }
  }
  if (rule.administers && isRestricted(facts.credential)) return 'restricted_token'
  if (rule.writes && isReadOnly(facts.credential)) return 'read_only_token'
  return enough ? 'allow' : 'forbidden'
}
