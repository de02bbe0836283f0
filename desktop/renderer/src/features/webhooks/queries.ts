import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'
import { organizationKeys } from '../organization/queries.ts'

/** The cache keys of an organization's outgoing webhooks (under the organization's own key). */
export const webhookKeys = {
  list: (org: string) => [...organizationKeys.details(org), 'webhooks'] as const,
  deliveries: (org: string, id: string) => [...organizationKeys.details(org), 'webhooks', id] as const,
}

/** The organization's outgoing webhooks, with how their last delivery went. */
export const webhooksQuery = (org: string) =>
  queryOptions({
    queryKey: webhookKeys.list(org),
    queryFn: () => ok(api.organizations[':org'].webhooks.$get({ param: { org } })),
  })

/** A webhook's recent delivery attempts, newest first. */
export const deliveriesQuery = (org: string, id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(org, id),
    queryFn: () => ok(api.organizations[':org'].webhooks[':id'].deliveries.$get({ param: { org, id } })),
  })
