import { z } from 'zod'
import { INVITATION_MS, INVITATION_PREFIX, INVITATIONS_PER_ORG } from '../../domain/limits.ts'
import { ORG_ROLES, type OrgRole, SPACE_MEMBER_ROLES, type SpaceMemberRole } from '../../domain/roles.ts'
import type { Locale } from '../../errors/catalog.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account, Invitation, InvitedSpace, OrgStore } from '../../ports/store.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import { type Actor, localeOf } from '../access/actor.ts'
import { type TakeSlotDeps, takeSlot, withSlot } from '../access/rate-limit.ts'
import { type MailAccountsDeps, mailAccounts, queueMail } from '../mail/send-mail.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { eventWithoutCommit } from '../webhooks/page-events.ts'
import { cancelInvitationsTo } from './cancel-invitation.ts'
import { accessGivenMail, invitationMail, type MailedOffer } from './internal/invitation-mails.ts'
import type { OfferedSpace } from './internal/invitation-offer.ts'

/** An invitation as an admin writes it: roles are checked here, so a wrong one is a 400, not a 422. */
export type CreateInvitationInput = {
  email: string
  /** `admin` or `member`; `member` when absent. */
  orgRole?: string
  /** Space slugs of the organization, each to `reader` or `contributor`. */
  spaces?: Record<string, string>
}

/** Where the request came from: the address links start with, and the language it asked for. */
export type InvitationContext = { baseUrl: string; locale: Locale }

/**
 * A new invitation, with the spaces it offers; `link` is shown this once to the inviter (it is not the
 * mailed one, and does not verify the address), null when access was given at once.
 */
export type CreatedInvitation = {
  invitation: Invitation
  spaces: OfferedSpace[]
  link: string | null
  granted: boolean
  /** Whether mail goes out from this server: without a mail server, the link is the only way in. */
  mailed: boolean
}

export type CreateInvitationDeps = AccessOrgDeps &
  TakeSlotDeps &
  MailAccountsDeps &
  FireEventDeps &
  Pick<Deps, 'clock' | 'mailer' | 'secrets' | 'store'>

/**
 * Invites an address to an organization (admin), at most INVITATIONS_PER_ORG per organization per
 * hour (a refused invitation does not count). When exactly one active account has proved it reads
 * mail at that address, it gets the roles at once and a mail saying so, in its language; otherwise
 * the address is mailed a link, in the inviter's language, that works once for INVITATION_MS, and the
 * inviter is shown another one to the same invitation (either accepts it, once in all). Only the
 * mailed link proves its holder reads mail at the address: the inviter could follow the shown one
 * themselves. Both secrets are kept as digests only. An unverified address never gives anything by
 * itself.
 */
export async function createInvitation(
  deps: CreateInvitationDeps,
  actor: Actor,
  orgSlug: string,
  input: CreateInvitationInput,
  context: InvitationContext,
): Promise<CreatedInvitation> {
  const { org, orgStore } = await accessOrg(deps, actor, orgSlug, 'org.members.manage')
  const email = checkedEmail(input.email)
  const orgRole = checkedOrgRole(input.orgRole ?? 'member')
  const spaces = await checkedSpaces(orgStore, input.spaces ?? {})
  const slot = await takeSlot(
    deps,
    [{ key: `invitations:${org.id}`, limit: INVITATIONS_PER_ORG }],
    (wait) =>
      new DomainError('too_many_invitations', { limit: INVITATIONS_PER_ORG.max, retry_after: wait }, wait),
  )
  return withSlot(slot, async () => {
    const now = deps.clock.now()
    const invitation: Invitation = {
      id: `inv_${deps.secrets.id()}`,
      orgId: org.id,
      email,
      orgRole,
      spaces: spaces.invited,
      tokenHash: null,
      mailTokenHash: null,
      invitedBy: actor.account.id,
      createdAt: now,
      expiresAt: now + INVITATION_MS,
      acceptedAt: null,
      acceptedBy: null,
      cancelledAt: null,
    }
    const offer: MailedOffer = {
      orgName: org.name,
      inviterName: actor.account.displayName || actor.account.username,
      orgRole,
      spaces: spaces.offered,
    }
    // The newest invitation to an address is the one that counts, given at once or by a link: the
    // older links still pending stop working.
    await cancelInvitationsTo(deps, org.id, email)
    const holder = await soleHolderOf(deps, email)
    if (holder) {
      const wasMember = (await orgStore.members.roleOf(holder.id)) !== null
      await deps.store.invitations.grant(invitation, holder.id, now)
      // The mail says the role held now: an admin invited as a member stays an admin.
      const held = (await orgStore.members.roleOf(holder.id)) ?? orgRole
      // An admin finds the organization's settings there; a member, their spaces on the home page.
      const link = held === 'admin' ? `${context.baseUrl}/org/${org.slug}` : `${context.baseUrl}/`
      await mailAccounts(deps, [holder], (locale) =>
        accessGivenMail({ ...offer, orgRole: held }, link, locale),
      )
      if (!wasMember)
        await fireEvent(deps, org.id, 'member.added', {
          ...eventWithoutCommit(actor, org.slug, null),
          member: { username: holder.username, role: orgRole },
        })
      const accepted = { ...invitation, acceptedAt: now, acceptedBy: holder.id }
      return {
        invitation: accepted,
        spaces: spaces.offered,
        link: null,
        granted: true,
        mailed: deps.mailer.outgoing,
      }
    }
    const shown = deps.secrets.mint(INVITATION_PREFIX)
    const mailed = deps.secrets.mint(INVITATION_PREFIX)
    const pending = {
      ...invitation,
      tokenHash: deps.secrets.digest(shown),
      mailTokenHash: deps.secrets.digest(mailed),
    }
    await deps.store.invitations.create(pending)
    const locale = localeOf(actor, context.locale)
    const mailedLink = `${context.baseUrl}/invite/${mailed}`
    await queueMail(deps, email, invitationMail(offer, mailedLink, pending.expiresAt, locale))
    return {
      invitation: pending,
      spaces: spaces.offered,
      link: `${context.baseUrl}/invite/${shown}`,
      granted: false,
      mailed: deps.mailer.outgoing,
    }
  })
}

/** The one active account whose verified address this is; none when there is none, or several. */
async function soleHolderOf(deps: Pick<Deps, 'store'>, email: string): Promise<Account | undefined> {
  const holders = (await deps.store.accounts.byVerifiedEmail(email)).filter((account) => account.isActive)
  return holders.length === 1 ? holders[0] : undefined
}

const EMAIL_MAX = 254

/**
 * An address as accounts hold them (the API's own rule for an account's address): `eve,frank@…` or
 * `x;y@…` passed a looser test, and the mail went to `frank@…`, the mailer reading a list.
 */
const ADDRESS = z.email()

/** The address, trimmed and lowercased; 400 when it is not one. */
function checkedEmail(value: string): string {
  const email = value.trim().toLowerCase()
  if (email.length > EMAIL_MAX || !ADDRESS.safeParse(email).success)
    throw new DomainError('invitation_email_invalid', { value: value.slice(0, EMAIL_MAX) })
  return email
}

function checkedOrgRole(value: string): OrgRole {
  if (!(ORG_ROLES as readonly string[]).includes(value))
    throw new DomainError('invitation_org_role_invalid', { value: value.slice(0, 50) })
  return value as OrgRole
}

/** The spaces of the organization an invitation offers, by id for the store and by name for the mail. */
async function checkedSpaces(
  orgStore: OrgStore,
  requested: Record<string, string>,
): Promise<{ invited: InvitedSpace[]; offered: OfferedSpace[] }> {
  const entries = Object.entries(requested)
  if (entries.length === 0) return { invited: [], offered: [] }
  const bySlug = new Map((await orgStore.spaces.list()).map((space) => [space.slug, space]))
  const invited: InvitedSpace[] = []
  const offered: OfferedSpace[] = []
  for (const [slug, role] of entries) {
    if (!(SPACE_MEMBER_ROLES as readonly string[]).includes(role))
      throw new DomainError('invitation_space_role_invalid', { value: role.slice(0, 50) })
    const space = bySlug.get(slug)
    if (!space) throw new DomainError('invitation_space_unknown', { value: slug.slice(0, 63) })
    invited.push({ spaceId: space.id, role: role as SpaceMemberRole })
    offered.push({ slug: space.slug, name: space.name, role: role as SpaceMemberRole })
  }
  return { invited, offered }
}
