import type { Organization, OrganizationStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { byBinary, changesOf, fields, type MemoryTables, mustRefer, nextId, pick } from './memory-tables.ts'

const ORGANIZATION = fields<Organization>({
  id: true,
  slug: true,
  name: true,
  description: true,
  createdAt: true,
})

/**
 * Deletes an organization with what the database deletes with it: its members, settings, routine
 * runs and webhooks (its spaces must be gone first).
 */
function dropOrganization(tables: MemoryTables, orgId: number): void {
  tables.organizations.delete(orgId)
  tables.orgMembers.delete(orgId)
  tables.aiSettings.delete(orgId)
  tables.embeddingSettings.delete(orgId)
  for (const [id, run] of tables.routineRuns) if (run.orgId === orgId) tables.routineRuns.delete(id)
  for (const [id, webhook] of tables.webhooks) if (webhook.orgId === orgId) tables.webhooks.delete(id)
  tables.webhookAttempts = tables.webhookAttempts.filter((row) => tables.webhooks.has(row.webhookId))
  for (const [id, invitation] of tables.invitations)
    if (invitation.orgId === orgId) tables.invitations.delete(id)
}

/** The organizations of the instance in memory, as in SQLite. */
export function memoryOrganizations(tables: MemoryTables): OrganizationStore {
  const bySlug = (a: Organization, b: Organization) => byBinary(a.slug, b.slug)
  const store: Sync<OrganizationStore> = {
    list: () => [...tables.organizations.values()].sort(bySlug),
    bySlug: (slug) => [...tables.organizations.values()].find((o) => o.slug === slug),
    ofAccount: (accountId) =>
      [...tables.orgMembers]
        .flatMap(([orgId, members]) => {
          const role = members.get(accountId)
          const organization = tables.organizations.get(orgId)
          return role && organization ? [{ organization, role }] : []
        })
        .sort((a, b) => bySlug(a.organization, b.organization)),
    create: (org, adminId) => {
      if ([...tables.organizations.values()].some((o) => o.slug === org.slug)) return undefined
      if (adminId !== null) mustRefer(tables.accounts.has(adminId), 'org_members.account_id')
      const row = pick({ ...org, id: nextId(tables, 'organizations') }, ORGANIZATION)
      tables.organizations.set(row.id, row)
      if (adminId !== null) tables.orgMembers.set(row.id, new Map([[adminId, 'admin']]))
      return row
    },
    update: (id, changes) => {
      const org = tables.organizations.get(id)
      if (!org) throw new Error(`organization ${id} vanished`)
      const changed = { ...org, ...changesOf(changes, ['name', 'description']) }
      tables.organizations.set(id, changed)
      return changed
    },
    deleteIfEmpty: (id) => {
      if ([...tables.spaces.values()].some((s) => s.orgId === id)) return false
      dropOrganization(tables, id)
      return true
    },
  }
  return memoryPort(store)
}
