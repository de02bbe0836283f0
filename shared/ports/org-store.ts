import type { OrgRole, SpaceMemberRole } from '../domain/roles.ts'
import type { AiSettings, EmbeddingSettingsRow, SettingsStore } from './ai-settings.ts'
import type { GitStateStore } from './git-state.ts'
import type { Organization } from './organizations.ts'
import type { PageMarkStore } from './page-marks.ts'
import type { RoutineStore } from './routines.ts'
import type { OrgTidyStore, TidyStore } from './tidy.ts'
import type { WebhookStore } from './webhooks.ts'

export type Space = {
  id: number
  orgId: number
  slug: string
  name: string
  description: string
  repoUrl: string
  branch: string
  reviewEvery: string
  createdAt: number
}

export type SpaceWithMembership = {
  space: Space
  organization: Organization
  orgRole: OrgRole | null
  spaceRole: SpaceMemberRole | null
}

export type Member<Role> = { accountId: number; username: string; displayName: string; role: Role }

export type SpaceChanges = Partial<Pick<Space, 'name' | 'description' | 'repoUrl' | 'branch' | 'reviewEvery'>>

/** The members of an organization or of a space, with their roles. */
export interface MemberStore<Role> {
  roleOf(accountId: number): Promise<Role | null>
  list(): Promise<Member<Role>[]>
  /**
   * Adds the member or changes the role (a space's new member also joins its organization as a
   * member when it is not one yet).
   */
  set(accountId: number, role: Role): Promise<void>
  /** Removes the member (from an organization: from all its spaces too); false when not a member. */
  remove(accountId: number): Promise<boolean>
}

/** The spaces of one organization. */
export interface OrgSpaceStore {
  list(): Promise<Space[]>
  bySlug(slug: string): Promise<Space | undefined>
  /** Creates a space; undefined when the slug is taken in this organization. */
  create(space: Omit<Space, 'id' | 'orgId'>): Promise<Space | undefined>
  update(spaceId: number, changes: SpaceChanges): Promise<Space>
  delete(spaceId: number): Promise<void>
}

/**
 * The data of one space of the organization. A space of another organization is refused: its
 * reads answer nothing and its writes throw.
 */
export interface SpaceStore {
  readonly spaceId: number
  readonly members: MemberStore<SpaceMemberRole>
  readonly git: GitStateStore
  readonly marks: PageMarkStore
  readonly tidy: TidyStore
  readonly routines: RoutineStore
}

/** Data of one organization; every query is confined to it. */
export interface OrgStore {
  readonly orgId: number
  readonly members: MemberStore<OrgRole>
  readonly spaces: OrgSpaceStore
  readonly ai: SettingsStore<AiSettings>
  readonly embeddings: SettingsStore<EmbeddingSettingsRow>
  readonly tidy: OrgTidyStore
  /** Outgoing webhooks and their delivery attempts. */
  readonly webhooks: WebhookStore
  /** The data of one of the organization's spaces. */
  space(spaceId: number): SpaceStore
}
