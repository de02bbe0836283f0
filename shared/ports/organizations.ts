import type { OrgRole } from '../domain/roles.ts'

export type Organization = { id: number; slug: string; name: string; description: string; createdAt: number }

/** The organizations of the instance. */
export interface OrganizationStore {
  list(): Promise<Organization[]>
  bySlug(slug: string): Promise<Organization | undefined>
  /** Organizations where the account is a member, with its role. */
  ofAccount(accountId: number): Promise<{ organization: Organization; role: OrgRole }[]>
  /** Creates an organization (with `adminId` as its admin when given); undefined when the slug is taken. */
  create(org: Omit<Organization, 'id'>, adminId: number | null): Promise<Organization | undefined>
  update(id: number, changes: Partial<Pick<Organization, 'name' | 'description'>>): Promise<Organization>
  /** Deletes an organization that has no space; false when spaces remain. */
  deleteIfEmpty(id: number): Promise<boolean>
}
