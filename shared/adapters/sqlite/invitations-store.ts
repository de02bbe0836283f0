import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type { Invitation, InvitationStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { orgScope } from './org-scope.ts'
import { invitations, orgMembers, spaceMembers } from './schema.ts'

type Row = typeof invitations.$inferSelect

/** An invitation from its row; the offered spaces are stored as JSON text. */
function toInvitation(row: Row): Invitation {
  return { ...row, spaces: JSON.parse(row.spaces) as Invitation['spaces'] }
}

/** Still open at `now`: neither accepted nor cancelled, and not expired. */
function open(now: number) {
  return and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt), gt(invitations.expiresAt, now))
}

/** Invitations to organizations in SQLite; accepting one and granting its roles is one transaction. */
export function invitationStore(db: Db): Sync<InvitationStore> {
  const insert = (invitation: Invitation) => {
    db.insert(invitations)
      .values({ ...invitation, spaces: JSON.stringify(invitation.spaces) })
      .run()
  }
  // The offered roles, never lowering one the account holds (only two ranks at each level: the
  // higher one replaces, the lower one is added only where there is none); spaces that left the
  // organization or were deleted are skipped.
  const giveRoles = (invitation: Invitation, accountId: number) => {
    const { orgId } = invitation
    const member = db.insert(orgMembers).values({ orgId, accountId, role: invitation.orgRole })
    if (invitation.orgRole === 'admin')
      member
        .onConflictDoUpdate({ target: [orgMembers.orgId, orgMembers.accountId], set: { role: 'admin' } })
        .run()
    else member.onConflictDoNothing().run()
    const scope = orgScope(db, orgId)
    for (const { spaceId, role } of invitation.spaces) {
      if (!scope.owns(spaceId)) continue
      const spaceMember = db.insert(spaceMembers).values({ spaceId, accountId, role })
      if (role === 'contributor')
        spaceMember
          .onConflictDoUpdate({
            target: [spaceMembers.spaceId, spaceMembers.accountId],
            set: { role: 'contributor' },
          })
          .run()
      else spaceMember.onConflictDoNothing().run()
    }
  }

  return {
    create: insert,
    listPending: (orgId, now) =>
      db
        .select()
        .from(invitations)
        .where(and(eq(invitations.orgId, orgId), open(now)))
        .orderBy(desc(invitations.createdAt), asc(invitations.id))
        .all()
        .map(toInvitation),
    byTokenHash: (tokenHash, now) => {
      const row = db
        .select()
        .from(invitations)
        .where(
          and(or(eq(invitations.tokenHash, tokenHash), eq(invitations.mailTokenHash, tokenHash)), open(now)),
        )
        .get()
      return row && toInvitation(row)
    },
    cancel: (orgId, id, now) =>
      db
        .update(invitations)
        .set({ cancelledAt: now })
        .where(and(eq(invitations.id, id), eq(invitations.orgId, orgId), open(now)))
        .run().changes > 0,
    accept: (id, accountId, now) =>
      db.transaction(() => {
        // Marked accepted only while still open: of two acceptances at once, one finds it so.
        const row = db
          .update(invitations)
          .set({ acceptedAt: now, acceptedBy: accountId })
          .where(and(eq(invitations.id, id), open(now)))
          .returning()
          .get()
        if (!row) return false
        giveRoles(toInvitation(row), accountId)
        return true
      }),
    grant: (invitation, accountId, now) =>
      db.transaction(() => {
        insert({ ...invitation, acceptedAt: now, acceptedBy: accountId })
        giveRoles(invitation, accountId)
      }),
  }
}
