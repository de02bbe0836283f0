import type { OrgRole, SpaceMemberRole } from '../domain/roles.ts'

/** A role offered on one space of the organization. */
export type InvitedSpace = { spaceId: number; role: SpaceMemberRole }

/**
 * An invitation to join an organization, kept by the digests of its two links' secrets: the one
 * shown to the inviter, and the one mailed to the invited address. Either opens it; only the mailed
 * one proves its holder reads mail at the address.
 */
export type Invitation = {
  id: string
  orgId: number
  /** The invited address, lowercased. */
  email: string
  orgRole: OrgRole
  spaces: InvitedSpace[]
  /** Digest of the secret of the link shown to the inviter; null when access was granted at once (no link). */
  tokenHash: string | null
  /** Digest of the secret of the link mailed to the invited address; null when access was granted at once. */
  mailTokenHash: string | null
  invitedBy: number
  createdAt: number
  expiresAt: number
  acceptedAt: number | null
  acceptedBy: number | null
  cancelledAt: number | null
}

/** Invitations of every organization. */
export interface InvitationStore {
  create(invitation: Invitation): Promise<void>
  /** The organization's invitations still open at `now` (not accepted, cancelled or expired), newest first. */
  listPending(orgId: number, now: number): Promise<Invitation[]>
  /**
   * The invitation behind a link's secret digest, the shown link's or the mailed one's, while it is
   * open at `now` (compare the digest to `mailTokenHash` to know which link it was).
   */
  byTokenHash(tokenHash: string, now: number): Promise<Invitation | undefined>
  /** Cancels an open invitation of the organization; false when there is none by that id. */
  cancel(orgId: number, id: string, now: number): Promise<boolean>
  /**
   * In one transaction: marks the invitation accepted by the account (false, and nothing changed,
   * when it is no longer open at `now`) and gives the account the offered roles, never lowering a
   * role it already holds; spaces deleted meanwhile are skipped.
   */
  accept(id: string, accountId: number, now: number): Promise<boolean>
  /**
   * Gives the roles of an invitation created already accepted (`granted`): records it accepted by
   * the account and grants its roles, in one transaction, as `accept` does.
   */
  grant(invitation: Invitation, accountId: number, now: number): Promise<void>
}
