import type { Account, Routine, RoutineOutputs, RoutineRun } from '../ports/store.ts'
import type { Deps } from './deps.ts'

/**
 * Who a routine's report is mailed to: `admins` are the organization's admins (who administer
 * its spaces); `members` is everyone who can read the space (its members and those admins).
 * Active accounts with an address only, each once.
 */
export async function routineRecipients(deps: Deps, routine: Routine): Promise<Account[]> {
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

/**
 * Delivers a finished run's report by mail and to the routine's webhook, and answers what was
 * delivered (`emails`: how many recipients, `webhook`: the address).
 *
 * Sending is wired in with the e-mail and outgoing-webhook work; until then this records what WOULD
 * be sent, and nothing leaves the machine:
 * - mail: `mailAccounts(deps, accounts, compose)` from `shared/services/send-mail.ts`, to
 *   `routineRecipients(deps, routine)`, each in their language, with the run's `report` (plain
 *   text and HTML) and a link to `outputs.page` when there is one; queued with retries, so a
 *   failure is logged and never fails the run;
 * - webhook: a Standard Webhooks signed POST of a `routine.finished` event to
 *   `routine.outputWebhook`, signed with `deps.cipher.open(routine.webhookSecret)`, through the
 *   same delivery queue, retries and SSRF check (on the address actually connected to) as the
 *   organization's webhooks; `data` names the organization, the space, the routine, the run, its
 *   status, summary, page and commit, with the channel `routine`.
 */
export async function deliverRoutineOutputs(
  deps: Deps,
  routine: Routine,
  run: RoutineRun,
): Promise<Pick<RoutineOutputs, 'emails' | 'webhook'>> {
  void run
  const emails = (await routineRecipients(deps, routine)).length
  return { emails, webhook: routine.outputWebhook || null }
}
