import { isSubscribed, type WebhookEvent } from '../../domain/webhook-events.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Actor, Channel } from '../access/actor.ts'

/** The job kind of one delivery attempt to one webhook; run by the webhook runner, not the job runner. */
export const WEBHOOK_JOB = 'webhook'

/** Who caused an event: an account, or a person known only from a commit (a sync). */
export type EventActor = { username: string | null; name: string; email: string | null }

/**
 * What every event says: the organization, the space, the path(s), the commit, the actor and the
 * channel (`api`, `web`, `mcp`, `desktop`, `git` for what came in by a sync or a push, `tidy`,
 * `routine`). Event kinds add their own fields.
 */
export type EventData = {
  organization: string
  space: string | null
  paths: string[]
  commit: string | null
  actor: EventActor | null
  channel: Channel | 'tidy' | 'routine'
  [field: string]: unknown
}

/** A delivery job's payload: the same `messageId` and body for every attempt at one event. */
export type DeliveryPayload = {
  orgId: number
  webhookId: string
  messageId: string
  type: string
  body: string
  attempt: number
}

/** Runners in this process to wake when a delivery is queued (other instances find it on their next tick). */
const wakers = new Set<() => void>()

/** Calls `wake` whenever this process queues a delivery; returns how to stop. */
export function onDeliveryQueued(wake: () => void): () => void {
  wakers.add(wake)
  return () => wakers.delete(wake)
}

/** The actor of an event caused by an account. */
export function eventActor(actor: Actor): EventActor {
  const { username, displayName, email } = actor.account
  return { username, name: displayName || username, email: email || null }
}

export type FireEventDeps = QueueDeliveryDeps & Pick<Deps, 'store'>

/**
 * Queues an event for every active webhook of the organization subscribed to it (one delivery job
 * each, persisted, so a restart loses none) and returns how many. This is how any service fires
 * an event, `routine.finished` included. It never throws: an event that cannot be queued is lost,
 * never the action that caused it.
 */
export async function fireEvent(
  deps: FireEventDeps,
  orgId: number,
  type: WebhookEvent,
  data: EventData,
): Promise<number> {
  try {
    const targets = (await deps.store.forOrg(orgId).webhooks.list()).filter(
      (w) => w.active && isSubscribed(w.events, type),
    )
    for (const webhook of targets) await queueDelivery(deps, orgId, webhook.id, type, data)
    return targets.length
  } catch {
    return 0
  }
}

export type QueueDeliveryDeps = Pick<Deps, 'clock' | 'secrets' | 'store'>

/** Queues the first attempt to deliver one event to one webhook. */
export async function queueDelivery(
  deps: QueueDeliveryDeps,
  orgId: number,
  webhookId: string,
  type: WebhookEvent,
  data: EventData,
): Promise<void> {
  const now = deps.clock.now()
  const body = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data })
  const payload: DeliveryPayload = {
    orgId,
    webhookId,
    messageId: `msg_${deps.secrets.id()}`,
    type,
    body,
    attempt: 1,
  }
  await deps.store.jobs.enqueue({ kind: WEBHOOK_JOB, spaceId: null, payload, runAt: now }, now)
  for (const wake of wakers) wake()
}
