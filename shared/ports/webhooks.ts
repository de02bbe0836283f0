/** An organization's outgoing webhook, as stored; `secretSealed` never leaves the services. */
export type Webhook = {
  id: string
  orgId: number
  url: string
  /** Subscribed event names, or null for every event. */
  events: string[] | null
  secretSealed: string
  active: boolean
  /** Consecutive failed attempts. */
  failures: number
  lastDeliveryAt: number | null
  lastStatus: number | null
  createdAt: number
}

/** One attempt to deliver an event; `statusCode` null when no answer came (time-out, refused). */
export type WebhookAttempt = {
  messageId: string
  event: string
  attempt: number
  at: number
  statusCode: number | null
  durationMs: number
  error: string | null
}

/** The outgoing webhooks of one organization, and their delivery attempts. */
export interface WebhookStore {
  list(): Promise<Webhook[]>
  get(id: string): Promise<Webhook | undefined>
  create(
    webhook: Omit<Webhook, 'orgId' | 'active' | 'failures' | 'lastDeliveryAt' | 'lastStatus'>,
  ): Promise<Webhook>
  /** False when there was no such webhook. */
  delete(id: string): Promise<boolean>
  /**
   * Logs an attempt and updates the webhook in one step: `failures` back to 0 on success, one more
   * on failure, and switched off when they reach `disableAfter`. `switchedOff` is true only for the
   * attempt that switched it off. Undefined when the webhook is gone.
   */
  recordAttempt(
    id: string,
    attempt: WebhookAttempt & { ok: boolean },
    disableAfter: number,
  ): Promise<{ webhook: Webhook; switchedOff: boolean } | undefined>
  /** Puts a webhook back into service with no failures counted; false when there was no such webhook. */
  reactivate(id: string): Promise<boolean>
  /** The latest attempts, newest first. */
  attempts(id: string, limit: number): Promise<WebhookAttempt[]>
}

/** One signed delivery to send. */
export type WebhookRequest = {
  url: string
  /** `whsec_…`: the Standard Webhooks signing secret. */
  secret: string
  /** The `webhook-id` header: the same for every attempt at one event. */
  messageId: string
  /** The JSON body, `{type, timestamp, data}`. */
  body: string
}

/** What came of one delivery attempt. */
export type WebhookOutcome = {
  ok: boolean
  statusCode: number | null
  durationMs: number
  error: string | null
}

/** Sends signed webhook deliveries to the addresses the outbound policy allows. */
export interface WebhookSender {
  /** Why the service may not deliver to this URL (its host resolves to a refused address), or undefined. */
  refusal(url: string): Promise<string | undefined>
  /** One attempt: signed, time-limited, redirects not followed; never rejects. */
  send(request: WebhookRequest): Promise<WebhookOutcome>
}
