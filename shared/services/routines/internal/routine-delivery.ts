import { escapeHtml } from '../../../domain/html.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Account, Routine, RoutineOutputs, RoutineRun } from '../../../ports/store.ts'
import { type ComposedMail, type MailAccountsDeps, mailAccounts } from '../../mail/send-mail.ts'
import { type EventData, type FireEventDeps, fireEvent } from '../../webhooks/fire-event.ts'

export type RoutineRecipientsDeps = Pick<Deps, 'store'>

/**
 * Who a routine's report is mailed to: `admins` are the organization's admins (who administer
 * its spaces); `members` is everyone who can read the space (its members and those admins).
 * Active accounts with an address only, each once.
 */
export async function routineRecipients(deps: RoutineRecipientsDeps, routine: Routine): Promise<Account[]> {
  if (!routine.outputEmail) return []
  const found = await deps.store.spaceById(routine.spaceId)
  if (!found) return []
  const orgStore = deps.store.forOrg(found.space.orgId)
  const admins = (await orgStore.members.list()).filter((m) => m.role === 'admin')
  const readers = routine.outputEmail === 'members' ? await orgStore.space(found.space.id).members.list() : []
  const ids = [...new Set([...admins, ...readers].map((m) => m.accountId))]
  const accounts = await Promise.all(ids.map((id) => deps.store.accounts.byId(id)))
  return accounts.filter((a): a is Account => a?.isActive === true && a.email !== '')
}

/** The mail of a finished run, in the recipient's language: the summary, the page, the report. */
function composeReport(routine: Routine, run: RoutineRun, space: string) {
  return (locale: 'en' | 'fr'): ComposedMail => {
    const page = run.outputs.page
    const lines =
      locale === 'fr'
        ? {
            subject: `Routine « ${routine.name} » (${space}) : ${run.summary}`,
            intro: `La routine « ${routine.name} » de l’espace ${space} a terminé.`,
            page: page ? `Rapport écrit dans ${page}.` : '',
          }
        : {
            subject: `Routine “${routine.name}” (${space}): ${run.summary}`,
            intro: `The routine “${routine.name}” of the space ${space} has finished.`,
            page: page ? `Report written to ${page}.` : '',
          }
    const text = [lines.intro, lines.page, '', run.report].filter((line, i) => i > 1 || line).join('\n')
    const html = [
      `<p>${escapeHtml(lines.intro)}</p>`,
      lines.page ? `<p>${escapeHtml(lines.page)}</p>` : '',
      `<pre style="white-space: pre-wrap; font-family: inherit">${escapeHtml(run.report)}</pre>`,
    ].join('\n')
    return { subject: lines.subject, text, html }
  }
}

export type DeliverRoutineOutputsDeps = MailAccountsDeps &
  RoutineRecipientsDeps &
  FireEventDeps &
  Pick<Deps, 'cipher' | 'clock' | 'secrets' | 'store' | 'webhookSender'>

/**
 * Delivers a finished run: its report mailed (from the job queue, with retries, each recipient in
 * their language), a `routine.finished` event to the organization's webhooks, and the same event,
 * signed with the routine's own secret, to its `output_webhook`. Answers what was sent (`emails`:
 * how many recipients, `webhook`: the address). A failure to deliver never fails the run.
 */
export async function deliverRoutineOutputs(
  deps: DeliverRoutineOutputsDeps,
  routine: Routine,
  run: RoutineRun,
): Promise<Pick<RoutineOutputs, 'emails' | 'webhook'>> {
  const found = await deps.store.spaceById(routine.spaceId)
  if (!found) return { emails: 0, webhook: null }
  const ref = `${found.organization.slug}/${found.space.slug}`
  const emails = await mailAccounts(
    deps,
    await routineRecipients(deps, routine),
    composeReport(routine, run, ref),
  )
  const data: EventData = {
    organization: found.organization.slug,
    space: found.space.slug,
    paths: run.outputs.page ? [run.outputs.page] : [],
    commit: run.commit,
    actor: null,
    channel: 'routine',
    routine: { id: routine.id, name: routine.name },
    run: { id: run.id, status: run.status, summary: run.summary, page: run.outputs.page },
  }
  await fireEvent(deps, found.organization.id, 'routine.finished', data)
  if (!routine.outputWebhook || !routine.webhookSecret) return { emails, webhook: null }
  const now = deps.clock.now()
  const outcome = await deps.webhookSender
    .send({
      url: routine.outputWebhook,
      secret: deps.cipher.open(routine.webhookSecret),
      messageId: `msg_${deps.secrets.id()}`,
      body: JSON.stringify({ type: 'routine.finished', timestamp: new Date(now).toISOString(), data }),
    })
    .catch(() => undefined)
  return { emails, webhook: outcome?.ok ? routine.outputWebhook : null }
}
