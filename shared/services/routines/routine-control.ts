import { newContentPath, relativeToContent } from '../../domain/content-path.ts'
import { spaceRoleAtLeast } from '../../domain/roles.ts'
import { isRoutineTemplate, ROUTINE_TEMPLATES, type RoutineSettings } from '../../domain/routine-templates.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Routine, RoutineRun } from '../../ports/routines.ts'
import { type AccessSpaceDeps, accessSpace, type SpaceAccess } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { unportableName } from '../content/new-path.ts'
import { type AiForDeps, aiFor } from '../providers/ai-settings.ts'
import { type RoutineQuotaDeps, routineQuota } from './internal/routine-budget.ts'
import { type QueueRoutineRunDeps, queueRoutineRun } from './routine-runs.ts'
import { type PlannedRunDeps, plannedRun } from './routine-schedule.ts'

/** The fields a caller sets on a routine; absent ones stay as they are (or as the template has them). */
export type RoutineInput = Partial<RoutineSettings>

/**
 * A routine as its caller sees it, with the time zone of its schedule (the space's, which its
 * contributors cannot read otherwise); `webhookSecret` is there once, when the address was just set.
 */
export type RoutineView = Omit<Routine, 'webhookSecret'> & { timezone: string; webhookSecret?: string }

type AccessRoutinesDeps = AccessSpaceDeps

/** Listing and reading routines takes a contributor (readers see the reports, not the routines). */
async function accessRoutines(deps: AccessRoutinesDeps, actor: Actor, ref: SpaceRef): Promise<SpaceAccess> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  if (!spaceRoleAtLeast(access.spaceRole, 'contributor')) throw new DomainError('forbidden')
  return access
}

/** A routine of the space, or 404. */
async function routineOf(access: SpaceAccess, id: string): Promise<Routine> {
  const routine = await access.spaceStore.routines.get(id)
  if (!routine) throw new DomainError('not_found')
  return routine
}

/** The time zone a space's routines are scheduled in: its tidy-up's. */
const zoneOf = async (access: SpaceAccess) => (await access.spaceStore.tidy.settings()).timezone

const view = (
  { webhookSecret: _sealed, ...routine }: Routine,
  timezone: string,
  secret?: string,
): RoutineView => (secret ? { ...routine, timezone, webhookSecret: secret } : { ...routine, timezone })

type NewWebhookSecretDeps = Pick<Deps, 'secrets'>

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
function newWebhookSecret(deps: NewWebhookSecretDeps): string {
  const url = deps.secrets.mint('')
  const base64 = url.replace(/-/g, '+').replace(/_/g, '/')
  return `whsec_${base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')}`
}

type CheckSettingsDeps = Pick<Deps, 'outbound'>

/**
 * Checks the settings a routine would have: its page and folders under content/, an output at least.
 * `keptPage`: the page it writes today, not judged again when it stays (switching off a routine whose
 * page was named before names had to suit every clone).
 */
async function checkSettings(
  deps: CheckSettingsDeps,
  settings: RoutineSettings,
  keptPage?: string,
): Promise<RoutineSettings> {
  let outputPage = settings.outputPage.trim()
  if (outputPage) {
    const refuse = () => new DomainError('routine_page_invalid', { value: outputPage.slice(0, 200) })
    try {
      outputPage = relativeToContent(newContentPath(outputPage.replace(/^content\//, '')))
    } catch {
      throw refuse()
    }
    if (!outputPage.endsWith('.md')) throw refuse()
    // Its page is a file of the space: a name every clone holds (one beside it in another case is
    // refused when a run writes it, as the space then stands).
    const unfit = outputPage === keptPage ? undefined : unportableName(outputPage)
    if (unfit) throw unfit
  }
  const scope = settings.scope.map((folder) => {
    const trimmed = folder
      .trim()
      .replace(/^content\//, '')
      .replace(/\/+$/, '')
    try {
      return relativeToContent(newContentPath(trimmed))
    } catch {
      throw new DomainError('routine_scope_invalid', { value: folder.slice(0, 200) })
    }
  })
  const outputWebhook = settings.outputWebhook.trim()
  if (outputWebhook) {
    const refusal = await deps.outbound.refusal(outputWebhook)
    if (refusal) throw new DomainError('routine_webhook_refused', { value: refusal })
  }
  const checked = {
    ...settings,
    name: settings.name.trim(),
    outputPage,
    scope: [...new Set(scope)],
    outputWebhook,
  }
  if (!checked.outputPage && !checked.outputInbox && !checked.outputWebhook && !checked.outputEmail)
    throw new DomainError('routine_no_output')
  return checked
}

export type ListRoutinesDeps = AccessRoutinesDeps

/** A space's routines (contributor), oldest first. */
export async function listRoutines(
  deps: ListRoutinesDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<RoutineView[]> {
  const access = await accessRoutines(deps, actor, ref)
  const timezone = await zoneOf(access)
  return (await access.spaceStore.routines.list()).map((r) => view(r, timezone))
}

export type GetRoutineDeps = AccessRoutinesDeps

/** One routine (contributor). */
export async function getRoutine(
  deps: GetRoutineDeps,
  actor: Actor,
  ref: SpaceRef,
  id: string,
): Promise<RoutineView> {
  const access = await accessRoutines(deps, actor, ref)
  return view(await routineOf(access, id), await zoneOf(access))
}

export type CreateRoutineDeps = AccessSpaceDeps &
  CheckSettingsDeps &
  NewWebhookSecretDeps &
  PlannedRunDeps &
  Pick<Deps, 'cipher' | 'clock' | 'secrets'>

/**
 * Creates a routine (admin): from a provided template's settings with the given fields over them,
 * or blank (the route requires `name` and `instructions` then). At least one output (400).
 */
export async function createRoutine(
  deps: CreateRoutineDeps,
  actor: Actor,
  ref: SpaceRef,
  input: RoutineInput,
): Promise<RoutineView> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const template = input.template ?? ''
  if (template !== '' && !isRoutineTemplate(template))
    throw new DomainError('routine_template_unknown', { value: String(template).slice(0, 100) })
  const base: RoutineSettings = template
    ? ROUTINE_TEMPLATES[template]
    : {
        ...ROUTINE_TEMPLATES.coherence,
        name: '',
        instructions: '',
        template: '',
        outputPage: '',
        outputInbox: false,
        outputEmail: '',
      }
  const settings = await checkSettings(deps, { ...base, ...input, template })
  const secret = settings.outputWebhook ? newWebhookSecret(deps) : undefined
  const routine: Omit<Routine, 'spaceId'> = {
    id: deps.secrets.id(),
    ...settings,
    webhookSecret: secret ? deps.cipher.seal(secret) : null,
    nextRun: await plannedRun(deps, access.orgStore, access.space, settings),
    lastRun: null,
    createdAt: deps.clock.now(),
  }
  await access.spaceStore.routines.create(routine)
  return view({ ...routine, spaceId: access.space.id }, await zoneOf(access), secret)
}

export type UpdateRoutineDeps = AccessSpaceDeps &
  CheckSettingsDeps &
  NewWebhookSecretDeps &
  PlannedRunDeps &
  Pick<Deps, 'cipher'>

/**
 * Changes a routine (admin): the given fields, checked as at creation; the next run follows from
 * the schedule. A new webhook address gets a new secret, returned in this answer only.
 */
export async function updateRoutine(
  deps: UpdateRoutineDeps,
  actor: Actor,
  ref: SpaceRef,
  id: string,
  input: Omit<RoutineInput, 'template'>,
): Promise<RoutineView> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const current = await routineOf(access, id)
  const settings = await checkSettings(deps, { ...current, ...input }, current.outputPage)
  const newAddress = settings.outputWebhook !== '' && settings.outputWebhook !== current.outputWebhook
  const secret = newAddress ? newWebhookSecret(deps) : undefined
  const updated = await access.spaceStore.routines.update(id, {
    ...settings,
    webhookSecret: secret ? deps.cipher.seal(secret) : settings.outputWebhook ? current.webhookSecret : null,
    nextRun: await plannedRun(deps, access.orgStore, access.space, settings),
  })
  if (!updated) throw new DomainError('not_found')
  return view(updated, await zoneOf(access), secret)
}

export type DeleteRoutineDeps = AccessSpaceDeps

/** Deletes a routine (admin); its runs stay and keep counting toward the month, its report page stays. */
export async function deleteRoutine(
  deps: DeleteRoutineDeps,
  actor: Actor,
  ref: SpaceRef,
  id: string,
): Promise<void> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  if (!(await access.spaceStore.routines.delete(id))) throw new DomainError('not_found')
}

export type StartRoutineDeps = AccessSpaceDeps & RoutineQuotaDeps & QueueRoutineRunDeps & AiForDeps

/**
 * Queues a run of a routine (admin) for when the worker is free; 400 once the month's budget is
 * reached, or for a blank routine while the organization has no AI provider (it could only fail).
 */
export async function startRoutine(
  deps: StartRoutineDeps,
  actor: Actor,
  ref: SpaceRef,
  id: string,
): Promise<RoutineRun> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const routine = await routineOf(access, id)
  if ((await routineQuota(deps, access.orgStore)).reached) throw new DomainError('routine_budget_reached')
  if (routine.template === '' && !(await aiFor(deps, access.orgStore, '')))
    throw new DomainError('routine_needs_model')
  return await queueRoutineRun(deps, access.orgStore, access.space, routine, 'manual', actor.account.id)
}

export type ListRoutineRunsDeps = AccessRoutinesDeps

/** A routine's runs, newest first (contributor). */
export async function listRoutineRuns(
  deps: ListRoutineRunsDeps,
  actor: Actor,
  ref: SpaceRef,
  id: string,
  limit = 50,
): Promise<RoutineRun[]> {
  const access = await accessRoutines(deps, actor, ref)
  await routineOf(access, id)
  return await access.spaceStore.routines.runs(id, limit)
}
