import { escapeHtml } from '../../../domain/html.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Webhook } from '../../../ports/webhooks.ts'
import { type MailAccountsDeps, mailAccounts } from '../../mail/send-mail.ts'
import { type DeliveryPayload, WEBHOOK_JOB } from '../fire-event.ts'

export type DeliverWebhookDeps = TellAdminsDeps &
  Pick<Deps, 'cipher' | 'clock' | 'store' | 'webhookPolicy' | 'webhookSender'>

/**
 * Makes one attempt at delivering an event to a webhook and logs it. A failed attempt queues the
 * next one after the policy's delay, while retries are left. The attempt that reaches the failure
 * threshold switches the webhook off: its pending retries are dropped and the organization's admins
 * are told by mail. A deleted or switched-off webhook gets nothing (a `ping` still goes out, so an
 * admin can check a receiver before reactivating).
 */
export async function deliverWebhook(deps: DeliverWebhookDeps, payload: DeliveryPayload): Promise<void> {
  const hooks = deps.store.forOrg(payload.orgId).webhooks
  const webhook = await hooks.get(payload.webhookId)
  if (!webhook || (!webhook.active && payload.type !== 'ping')) return
  const at = deps.clock.now()
  const outcome = await deps.webhookSender.send({
    url: webhook.url,
    secret: deps.cipher.open(webhook.secretSealed),
    messageId: payload.messageId,
    body: payload.body,
  })
  const recorded = await hooks.recordAttempt(
    webhook.id,
    {
      ok: outcome.ok,
      messageId: payload.messageId,
      event: payload.type,
      attempt: payload.attempt,
      at,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
    },
    deps.webhookPolicy.disableAfter,
  )
  if (!recorded) return
  const now = deps.clock.now()
  if (recorded.switchedOff) {
    await deps.store.jobs.cancel(WEBHOOK_JOB, { orgId: payload.orgId, webhookId: webhook.id }, now)
    await tellAdmins(deps, recorded.webhook, outcome.error)
    return
  }
  const delay = deps.webhookPolicy.retryDelaysMs[payload.attempt - 1]
  if (outcome.ok || !recorded.webhook.active || delay === undefined) return
  const next: DeliveryPayload = { ...payload, attempt: payload.attempt + 1 }
  await deps.store.jobs.enqueue({ kind: WEBHOOK_JOB, spaceId: null, payload: next, runAt: now + delay }, now)
}

type TellAdminsDeps = MailAccountsDeps & Pick<Deps, 'store'>

/** Mails the organization's admins that a webhook was switched off, and how to put it back. */
async function tellAdmins(deps: TellAdminsDeps, webhook: Webhook, error: string | null): Promise<void> {
  const org = (await deps.store.organizations.list()).find((o) => o.id === webhook.orgId)
  if (!org) return
  const members = await deps.store.forOrg(org.id).members.list()
  const admins = await Promise.all(
    members.filter((m) => m.role === 'admin').map((m) => deps.store.accounts.byId(m.accountId)),
  )
  const reactivate = `POST /api/v1/organizations/${org.slug}/webhooks/${webhook.id}/reactivate`
  const reason = error ?? '-'
  await mailAccounts(
    deps,
    admins.filter((a) => a !== undefined),
    (locale) => {
      const [subject, lines] =
        locale === 'fr'
          ? [
              `Webhook désactivé : ${webhook.url}`,
              [
                `Le webhook ${webhook.url} de l’organisation ${org.name} a été désactivé après ${webhook.failures} échecs de livraison consécutifs.`,
                `Dernière erreur : ${reason}`,
                `Corrigez le récepteur, puis réactivez-le : ${reactivate}`,
              ],
            ]
          : [
              `Webhook switched off: ${webhook.url}`,
              [
                `The webhook ${webhook.url} of the organization ${org.name} was switched off after ${webhook.failures} failed deliveries in a row.`,
                `Last error: ${reason}`,
                `Fix the receiver, then reactivate it: ${reactivate}`,
              ],
            ]
      return {
        subject,
        text: `${lines.join('\n\n')}\n`,
        html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      }
    },
  )
}
