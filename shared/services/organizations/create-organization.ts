import { isSlug } from '../../domain/identifiers.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { authorize } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { OrganizationView } from './list-organizations.ts'

export type CreateOrganizationInput = { slug: string; name: string; description?: string; join?: boolean }

/** Creates an organization (super admin); with `join` the creator becomes its admin. */
export async function createOrganization(
  deps: Pick<Deps, 'clock' | 'store'>,
  actor: Actor,
  input: CreateOrganizationInput,
): Promise<OrganizationView> {
  authorize(actor, 'org.create')
  if (!isSlug(input.slug)) throw new DomainError('slug_invalid', { value: input.slug })
  const organization = await deps.store.organizations.create(
    {
      slug: input.slug,
      name: input.name.trim(),
      description: input.description?.trim() ?? '',
      createdAt: deps.clock.now(),
    },
    input.join ? actor.account.id : null,
  )
  if (!organization) throw new DomainError('already_exists', { value: input.slug })
  return { organization, role: 'admin' }
}
