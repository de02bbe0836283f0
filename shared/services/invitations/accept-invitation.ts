import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account, Invitation, InvitedSpace } from '../../ports/store.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type AddAccountDeps, addAccount } from '../accounts/create-user.ts'
import {
  type SendVerificationLinkDeps,
  sendVerificationLink,
} from '../accounts/request-email-verification.ts'
import { type OpenSessionDeps, openSession } from '../accounts/sign-in.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'
import { cancelInvitationsTo } from './cancel-invitation.ts'
import { type OpenInvitationDeps, openInvitation } from './internal/invitation-offer.ts'

/** The account a person makes while accepting an invitation signed out. */
export type NewAccountInput = { username: string; displayName?: string; password: string }

/** The account that accepted; `session` is the web session opened for a new account (null otherwise). */
export type AcceptedInvitation = { account: Account; session: { cookie: string; expiresAt: number } | null }

export type AcceptInvitationDeps = OpenInvitationDeps &
  AddAccountDeps &
  SendVerificationLinkDeps &
  OpenSessionDeps &
  FireEventDeps &
  Pick<Deps, 'clock' | 'store'>

/**
 * Accepts the invitation behind a link, once, giving exactly the roles it offers (never lowering
 * one already held). Either link opens it, but only the one mailed to the invited address proves
 * its holder reads mail there; the inviter was shown the other one and could follow it themselves.
 * Signed out, with `newAccount`: makes the account, whose address is the invited one, and opens a
 * web session for it; through the mailed link the address is verified, through the shown one it is
 * not, and a link to confirm it is mailed there (`site` is where links start). Signed in, without
 * `newAccount`: the caller's account joins, whatever its address (holding a link is the proof);
 * through the mailed link, an account without an address, or with the invited one unverified, gets
 * it verified. Signed in with `newAccount`: refused (400), to sign out first. 404 once the
 * invitation was accepted, cancelled or ran out, and once its inviter is no longer an admin of the
 * organization: it grants only the authority its inviter still holds, or an admin removed since
 * could keep its link and take back what was taken away. An inviter removed or made a member while
 * this runs has their invitations cancelled too (see cancelInvitationsOf): the acceptance finds the
 * invitation cancelled, unless it was recorded first, before the inviter lost the role.
 */
export async function acceptInvitation(
  deps: AcceptInvitationDeps,
  caller: Actor | undefined,
  token: string,
  site: string,
  newAccount?: NewAccountInput,
): Promise<AcceptedInvitation> {
  const { invitation, organization, mailed } = await openInvitation(deps, token)
  let joining: Account
  if (caller) {
    if (newAccount) throw new DomainError('invitation_sign_out_first')
    // Joining an organization is managing one's account: a restricted token may not.
    authorize(caller, 'account.manage')
    joining = caller.account
  } else if (newAccount) {
    joining = await addAccount(deps, { ...newAccount, email: invitation.email, emailVerified: mailed })
  } else {
    throw new DomainError('unauthenticated')
  }
  const orgStore = deps.store.forOrg(organization.id)
  const wasMember = (await orgStore.members.roleOf(joining.id)) !== null
  // The spaces the invitation brings the person into, as a member added to a space says so too.
  const newSpaces: InvitedSpace[] = []
  for (const invited of invitation.spaces)
    if ((await orgStore.space(invited.spaceId).members.roleOf(joining.id)) === null) newSpaces.push(invited)
  if (!(await deps.store.invitations.accept(invitation.id, joining.id, deps.clock.now()))) {
    // Used, cancelled or run out while the account was being made: that account is of no use.
    if (!caller) await deps.store.accounts.update(joining.id, { isActive: false }, deps.clock.now())
    throw new DomainError('not_found')
  }
  // Other invitations to that address are of no use now; left pending, they would outlive a removal.
  await cancelInvitationsTo(deps, organization.id, invitation.email, { keep: invitation.id })
  const account = caller && mailed ? await verifiedByLink(deps, joining, invitation) : joining
  if (!caller && !mailed) await sendVerificationLink(deps, account, site)
  const actor: Actor = caller ?? { account, channel: 'web', credential: { kind: 'session' } }
  if (!wasMember)
    await fireEvent(deps, organization.id, 'member.added', {
      ...eventWithoutCommit(actor, organization.slug, null),
      member: { username: account.username, role: invitation.orgRole },
    })
  if (newSpaces.length > 0) {
    const spaces = await orgStore.spaces.list()
    for (const invited of newSpaces) {
      const space = spaces.find((s) => s.id === invited.spaceId)
      if (space)
        await fireEvent(deps, organization.id, 'member.added', {
          ...eventWithoutCommit(actor, organization.slug, space.slug),
          member: { username: account.username, role: invited.role },
        })
    }
  }
  return { account, session: caller ? null : await openSession(deps, account.id) }
}

/**
 * An account that followed a link mailed to the invited address proved it reads mail there: that
 * address becomes its verified one when it had none, or had that one unverified, and no other
 * account holds it verified (which would make the address name two people).
 */
async function verifiedByLink(
  deps: Pick<Deps, 'clock' | 'store'>,
  account: Account,
  invitation: Invitation,
): Promise<Account> {
  const isSame = account.email.trim().toLowerCase() === invitation.email
  if (account.emailVerified || !(account.email === '' || isSame)) return account
  const holders = await deps.store.accounts.byVerifiedEmail(invitation.email)
  if (holders.some((holder) => holder.id !== account.id)) return account
  return deps.store.accounts.update(
    account.id,
    { email: isSame ? account.email : invitation.email, emailVerified: true },
    deps.clock.now(),
  )
}
