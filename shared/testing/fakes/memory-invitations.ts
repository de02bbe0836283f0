import { orgRoleAtLeast, spaceRoleAtLeast } from '../../domain/roles.ts'
import type { Invitation, InvitationStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { byBinary, fields, type MemoryTables, mustBeNew, mustRefer, pick, rowsOf } from './memory-tables.ts'

const INVITATION = fields<Invitation>({
  id: true,
  orgId: true,
  email: true,
  orgRole: true,
  spaces: true,
  tokenHash: true,
  mailTokenHash: true,
  invitedBy: true,
  createdAt: true,
  expiresAt: true,
  acceptedAt: true,
  acceptedBy: true,
  cancelledAt: true,
})

/**
 * Invitations in memory, as in SQLite: open until accepted, cancelled or expired; accepting one
 * gives its roles without lowering any. An organization's invitations go with it (the database
 * deletes them with the organization): here they are kept but never answered once it is gone.
 */
export function memoryInvitations(tables: MemoryTables): InvitationStore {
  const isOpen = (invitation: Invitation, now: number) =>
    invitation.acceptedAt === null &&
    invitation.cancelledAt === null &&
    invitation.expiresAt > now &&
    tables.organizations.has(invitation.orgId)
  const insert = (invitation: Invitation) => {
    mustRefer(tables.organizations.has(invitation.orgId), 'invitations.org_id')
    mustRefer(tables.accounts.has(invitation.invitedBy), 'invitations.invited_by')
    mustBeNew(tables.invitations.has(invitation.id), 'invitations.id')
    mustBeNew(
      invitation.tokenHash !== null &&
        [...tables.invitations.values()].some((other) => other.tokenHash === invitation.tokenHash),
      'invitations.token_hash',
    )
    mustBeNew(
      invitation.mailTokenHash !== null &&
        [...tables.invitations.values()].some((other) => other.mailTokenHash === invitation.mailTokenHash),
      'invitations.mail_token_hash',
    )
    tables.invitations.set(invitation.id, pick(invitation, INVITATION))
  }
  // The roles of an accepted invitation, never lowering one the account holds; spaces no longer in
  // the organization are skipped.
  const giveRoles = (invitation: Invitation, accountId: number) => {
    mustRefer(tables.accounts.has(accountId), 'org_members.account_id')
    const orgRoles = rowsOf(tables.orgMembers, invitation.orgId)
    if (!orgRoleAtLeast(orgRoles.get(accountId) ?? null, invitation.orgRole))
      orgRoles.set(accountId, invitation.orgRole)
    for (const { spaceId, role } of invitation.spaces) {
      if (tables.spaces.get(spaceId)?.orgId !== invitation.orgId) continue
      const spaceRoles = rowsOf(tables.spaceMembers, spaceId)
      if (!spaceRoleAtLeast(spaceRoles.get(accountId) ?? null, role)) spaceRoles.set(accountId, role)
    }
  }

  const store: Sync<InvitationStore> = {
    create: insert,
    listPending: (orgId, now) =>
      [...tables.invitations.values()]
        .filter((invitation) => invitation.orgId === orgId && isOpen(invitation, now))
        .sort((a, b) => b.createdAt - a.createdAt || byBinary(a.id, b.id)),
    byTokenHash: (tokenHash, now) =>
      [...tables.invitations.values()].find(
        (invitation) =>
          (invitation.tokenHash === tokenHash || invitation.mailTokenHash === tokenHash) &&
          isOpen(invitation, now),
      ),
    cancel: (orgId, id, now) => {
      const invitation = tables.invitations.get(id)
      if (!invitation || invitation.orgId !== orgId || !isOpen(invitation, now)) return false
      tables.invitations.set(id, { ...invitation, cancelledAt: now })
      return true
    },
    accept: (id, accountId, now) => {
      const invitation = tables.invitations.get(id)
      if (!invitation || !isOpen(invitation, now)) return false
      giveRoles(invitation, accountId)
      tables.invitations.set(id, { ...invitation, acceptedAt: now, acceptedBy: accountId })
      return true
    },
    grant: (invitation, accountId, now) => {
      mustRefer(tables.accounts.has(accountId), 'invitations.accepted_by')
      insert({ ...invitation, acceptedAt: now, acceptedBy: accountId })
      giveRoles(invitation, accountId)
    },
  }
  return memoryPort(store)
}
