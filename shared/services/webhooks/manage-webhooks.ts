import { webAddressFault } from '../../domain/web-address.ts'
import type { WebhookEvent } from '../../domain/webhook-events.ts'
import { WEBHOOK_ATTEMPTS_LISTED } from '../../domain/webhook-events.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Webhook, WebhookAttempt } from '../../ports/webhooks.ts'
import { type AccessOrgDeps, accessOrg } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { eventActor, type QueueDeliveryDeps, queueDelivery, WEBHOOK_JOB } from './fire-event.ts'

// Webhooks are organization administration: the same right as renaming the organization.
const MANAGE = 'org.update'

export type ListWebhooksDeps = AccessOrgDeps

/** The organization's outgoing webhooks (admin). */
export async function listWebhooks(deps: ListWebhooksDeps, actor: Actor, org: string): Promise<Webhook[]> {
  return (await accessOrg(deps, actor, org, MANAGE)).orgStore.webhooks.list()
}

export type CreateWebhookDeps = AccessOrgDeps & Pick<Deps, 'cipher' | 'clock' | 'secrets' | 'webhookSender'>

/**
 * Registers a webhook (admin) and returns it with its signing secret, shown this once: `whsec_`
 * and the base64 of 32 random bytes, kept sealed. A URL holding a user or password is refused
 * (400), as it would be listed in clear. A URL whose host resolves to a loopback, private,
 * link-local or cloud-metadata address is refused (400) unless the installation allows its private
 * network; each delivery checks again on the address it connects to.
 */
export async function createWebhook(
  deps: CreateWebhookDeps,
  actor: Actor,
  org: string,
  input: { url: string; events?: WebhookEvent[] },
): Promise<{ webhook: Webhook; secret: string }> {
  const { orgStore } = await accessOrg(deps, actor, org, MANAGE)
  const url = input.url.trim()
  // The routine output webhook's rule: a user or password in the URL would be listed in clear.
  const fault = webAddressFault(url)
  if (fault)
    throw new DomainError(fault === 'credentials' ? 'webhook_url_credentials' : 'webhook_url_invalid')
  if (await deps.webhookSender.refusal(url)) throw new DomainError('webhook_url_refused')
  const secret = `whsec_${toBase64(deps.secrets.mint(''))}`
  const webhook = await orgStore.webhooks.create({
    id: `wh_${deps.secrets.id()}`,
    url,
    events: input.events ? [...new Set(input.events)] : null,
    secretSealed: deps.cipher.seal(secret),
    createdAt: deps.clock.now(),
  })
  return { webhook, secret }
}

export type DeleteWebhookDeps = AccessOrgDeps & Pick<Deps, 'clock' | 'store'>

/** Deletes a webhook and what was still to be delivered to it (admin). */
export async function deleteWebhook(
  deps: DeleteWebhookDeps,
  actor: Actor,
  org: string,
  id: string,
): Promise<void> {
  const { orgStore } = await accessOrg(deps, actor, org, MANAGE)
  if (!(await orgStore.webhooks.delete(id))) throw new DomainError('not_found')
  await deps.store.jobs.cancel(WEBHOOK_JOB, { orgId: orgStore.orgId, webhookId: id }, deps.clock.now())
}

export type TestWebhookDeps = AccessOrgDeps & QueueDeliveryDeps

/** Queues a `ping` event to one webhook (admin), switched off or not, so a receiver can be checked. */
export async function testWebhook(
  deps: TestWebhookDeps,
  actor: Actor,
  org: string,
  id: string,
): Promise<void> {
  const access = await accessOrg(deps, actor, org, MANAGE)
  if (!(await access.orgStore.webhooks.get(id))) throw new DomainError('not_found')
  await queueDelivery(deps, access.org.id, id, 'ping', {
    organization: access.org.slug,
    space: null,
    paths: [],
    commit: null,
    actor: eventActor(actor),
    channel: actor.channel,
    webhook: id,
  })
}

export type ReactivateWebhookDeps = AccessOrgDeps

/** Puts a switched-off webhook back into service with no failures counted (admin). */
export async function reactivateWebhook(
  deps: ReactivateWebhookDeps,
  actor: Actor,
  org: string,
  id: string,
): Promise<void> {
  const { orgStore } = await accessOrg(deps, actor, org, MANAGE)
  if (!(await orgStore.webhooks.reactivate(id))) throw new DomainError('not_found')
}

export type ListDeliveriesDeps = AccessOrgDeps

/** The latest delivery attempts to a webhook, newest first (admin). */
export async function listDeliveries(
  deps: ListDeliveriesDeps,
  actor: Actor,
  org: string,
  id: string,
): Promise<WebhookAttempt[]> {
  const { orgStore } = await accessOrg(deps, actor, org, MANAGE)
  if (!(await orgStore.webhooks.get(id))) throw new DomainError('not_found')
  return orgStore.webhooks.attempts(id, WEBHOOK_ATTEMPTS_LISTED)
}

/** Base64 (with padding) of the bytes a base64url text holds: the form Standard Webhooks secrets take. */
function toBase64(base64url: string): string {
  const plain = base64url.replaceAll('-', '+').replaceAll('_', '/')
  return plain.padEnd(Math.ceil(plain.length / 4) * 4, '=')
}
