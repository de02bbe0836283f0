import { coauthorNames } from '../domain/commit-trailers.ts'
import { isReadOnlyScope } from '../domain/oauth.ts'
import type { Locale } from '../errors/catalog.ts'
import { isLocale } from '../errors/locale.ts'
import type { FileCommit } from '../ports/repo.ts'
import type { Account, Member, Token } from '../ports/store.ts'
import type { ConnectedApp } from '../services/oauth/apps.ts'
import type { OrganizationView } from '../services/organizations/list-organizations.ts'
import type { SpaceView } from '../services/spaces/list-spaces.ts'

/** Turns domain objects into the API's JSON shapes (SPEC part 2). */

const iso = (ms: number) => new Date(ms).toISOString()

const asLocale = (value: string | null): Locale | null => (isLocale(value) ? value : null)

/** An account as `GET /me` shows it. */
export function presentAccount(account: Account) {
  return {
    username: account.username,
    display_name: account.displayName,
    email: account.email,
    locale: asLocale(account.locale),
    is_superadmin: account.isSuperadmin,
    is_active: account.isActive,
    email_verified: account.emailVerified,
    must_change_password: account.mustChangePassword,
    has_password: account.passwordHash !== null,
  }
}

/** A personal token, without its secret; `labels` names restricted spaces as `<org>/<space>`. */
export function presentToken(token: Token, labels: Map<number, string>) {
  return {
    id: token.id,
    name: token.name,
    hint: token.hint,
    created_at: iso(token.createdAt),
    expires_at: token.expiresAt === null ? null : iso(token.expiresAt),
    last_used_at: token.lastUsedAt === null ? null : iso(token.lastUsedAt),
    read_only: token.readOnly,
    space_ids: token.spaceIds === null ? null : token.spaceIds.flatMap((id) => labels.get(id) ?? []),
  }
}

/** An application connected through OAuth, as its owner sees it. */
export function presentApp(app: ConnectedApp, labels: Map<number, string>) {
  return {
    id: app.id,
    name: app.clientName,
    read_only: isReadOnlyScope(app.scope),
    spaces: app.spaceIds === null ? null : app.spaceIds.flatMap((id) => labels.get(id) ?? []),
    created_at: iso(app.createdAt),
    last_used_at: app.lastUsedAt === null ? null : iso(app.lastUsedAt),
  }
}

/** An organization as listed, with the caller's role. */
export function presentOrganization({ organization, role }: OrganizationView) {
  return { slug: organization.slug, name: organization.name, description: organization.description, role }
}

/** An organization's details. */
export function presentOrganizationDetails(view: OrganizationView) {
  return { ...presentOrganization(view), created_at: iso(view.organization.createdAt) }
}

/** A member of an organization or a space. */
export function presentMember<Role>(member: Member<Role>) {
  return { username: member.username, display_name: member.displayName, role: member.role }
}

/** A space as listed, with the caller's role. */
export function presentSpace({ space, organization, role }: SpaceView) {
  return {
    organization: organization.slug,
    slug: space.slug,
    name: space.name,
    description: space.description,
    repo_url: space.repoUrl,
    branch: space.branch,
    role,
  }
}

/** A space's details. */
export function presentSpaceDetails(view: SpaceView) {
  return {
    ...presentSpace(view),
    review_every: view.space.reviewEvery,
    created_at: iso(view.space.createdAt),
  }
}

/** A commit of a file's history. */
export function presentCommit(commit: FileCommit) {
  return {
    commit: commit.sha,
    author: commit.author.name,
    email: commit.author.email,
    date: iso(commit.date),
    subject: commit.subject,
    coauthors: coauthorNames(commit.message),
    ...(commit.path !== undefined ? { path: commit.path } : {}),
  }
}
