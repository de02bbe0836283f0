import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { Invitation, InvitationStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { invitations, orgMembers, spaceMembers, spaces } from './schema.ts'

type Row = typeof invitations.$inferSelect

/** An invitation from its row; the offered spaces are stored as JSON text. */
function toInvitation(row: Row): Invitation {
  return { ...row, spaces: JSON.parse(row.spaces) as Invitation['spaces'] }
}

/** Still open at `now`: neither accepted nor cancelled, and not expired. */
function open(now: number) {
  return and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt), gt(invitations.expiresAt, now))
}

async function insert(db: PgDb, invitation: Invitation): Promise<void> {
  await db.insert(invitations).values({ ...invitation, spaces: JSON.stringify(invitation.spaces) })
}

/**
 * The offered roles, never lowering one the account holds (only two ranks at each level: the higher
 * one replaces, the lower one is added only where there is none); spaces that are not the
 * organization's (deleted since) are skipped.
 */
async function giveRoles(tx: PgDb, invitation: Invitation, accountId: number): Promise<void> {
  const { orgId } = invitation
  const member = tx.insert(orgMembers).values({ orgId, accountId, role: invitation.orgRole })
  if (invitation.orgRole === 'admin')
    await member.onConflictDoUpdate({
      target: [orgMembers.orgId, orgMembers.accountId],
      set: { role: 'admin' },
    })
  else await member.onConflictDoNothing()
  const offered = invitation.spaces.map((space) => space.spaceId)
  if (offered.length === 0) return
  const kept = new Set(
    (
      await tx
        .select({ id: spaces.id })
        .from(spaces)
        .where(and(eq(spaces.orgId, orgId), inArray(spaces.id, offered)))
    ).map((row) => row.id),
  )
  for (const { spaceId, role } of invitation.spaces) {
    if (!kept.has(spaceId)) continue
    const spaceMember = tx.insert(spaceMembers).values({ spaceId, accountId, role })
    if (role === 'contributor')
      await spaceMember.onConflictDoUpdate({
        target: [spaceMembers.spaceId, spaceMembers.accountId],
        set: { role: 'contributor' },
      })
    else await spaceMember.onConflictDoNothing()
  }
}

/** Invitations to organizations in PostgreSQL; accepting one and granting its roles is one transaction. */
export function invitationStore(db: PgDb): InvitationStore {
  return {
    create: (invitation) => insert(db, invitation),
    listPending: async (orgId, now) =>
      (
        await db
          .select()
          .from(invitations)
          .where(and(eq(invitations.orgId, orgId), open(now)))
          .orderBy(desc(invitations.createdAt), asc(byCodePoint(invitations.id)))
      ).map(toInvitation),
    byTokenHash: async (tokenHash, now) => {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(or(eq(invitations.tokenHash, tokenHash), eq(invitations.mailTokenHash, tokenHash)), open(now)),
        )
      return row && toInvitation(row)
    },
    cancel: async (orgId, id, now) =>
      (
        await db
          .update(invitations)
          .set({ cancelledAt: now })
          .where(and(eq(invitations.id, id), eq(invitations.orgId, orgId), open(now)))
          .returning({ id: invitations.id })
      ).length > 0,
    accept: (id, accountId, now) =>
      db.transaction(async (tx) => {
        // Marked accepted only while still open: a second acceptance at once waits for the row,
        // then finds it accepted.
        const [row] = await tx
          .update(invitations)
          .set({ acceptedAt: now, acceptedBy: accountId })
          .where(and(eq(invitations.id, id), open(now)))
          .returning()
        if (!row) return false
        await giveRoles(tx, toInvitation(row), accountId)
        return true
      }),
    grant: (invitation, accountId, now) =>
      db.transaction(async (tx) => {
        await insert(tx, { ...invitation, acceptedAt: now, acceptedBy: accountId })
        await giveRoles(tx, invitation, accountId)
      }),
  }
}
