/** Roles at each level, and how they rank. */

export const ORG_ROLES = ['admin', 'member'] as const
export type OrgRole = (typeof ORG_ROLES)[number]

export const SPACE_MEMBER_ROLES = ['reader', 'contributor'] as const
export type SpaceMemberRole = (typeof SPACE_MEMBER_ROLES)[number]

/** A caller's effective role on a space: members' roles, plus `admin` for organization admins. */
export type SpaceRole = SpaceMemberRole | 'admin'

const SPACE_RANK: Record<SpaceRole, number> = { reader: 1, contributor: 2, admin: 3 }
const ORG_RANK: Record<OrgRole, number> = { member: 1, admin: 2 }

/** Whether a space role is at least the needed one. */
export function spaceRoleAtLeast(role: SpaceRole | null, needed: SpaceRole): boolean {
  return role !== null && SPACE_RANK[role] >= SPACE_RANK[needed]
}

/** Whether an organization role is at least the needed one. */
export function orgRoleAtLeast(role: OrgRole | null, needed: OrgRole): boolean {
  return role !== null && ORG_RANK[role] >= ORG_RANK[needed]
}
