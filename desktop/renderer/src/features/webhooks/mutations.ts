import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookEvent } from '#shared/domain/webhook-events.ts'
import { api, ok } from '../../app/api.ts'
import { webhookKeys } from './queries.ts'

const hooksApi = api.organizations[':org'].webhooks

/** Registers a webhook; the answer holds its secret, shown this once. */
export function useCreateWebhook(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { url: string; events?: WebhookEvent[] }) =>
      ok(hooksApi.$post({ param: { org }, json })),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.list(org) }),
  })
}

/** Deletes a webhook (`onDeleted` once done). */
export function useDeleteWebhook(org: string, id: string, onDeleted: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(hooksApi[':id'].$delete({ param: { org, id } })),
    onSuccess: onDeleted,
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.list(org) }),
  })
}

/** How long after a test is sent its delivery is read: the first attempt answers within seconds. */
const TEST_READ_AFTER_MS = 3_000

/** Sends a `ping`; the webhook's state and deliveries are read again once it has had time to arrive. */
export function useTestWebhook(org: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(hooksApi[':id'].test.$post({ param: { org, id } })),
    onSuccess: () => {
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: webhookKeys.list(org) })
      }, TEST_READ_AFTER_MS)
    },
  })
}

/** Puts back into service a webhook switched off after repeated failures. */
export function useReactivateWebhook(org: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(hooksApi[':id'].reactivate.$post({ param: { org, id } })),
    onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.list(org) }),
  })
}
