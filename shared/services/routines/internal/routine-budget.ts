import type { Deps } from '../../../ports/deps.ts'
import type { RoutineQuota } from '../../../ports/routines.ts'
import type { OrgStore } from '../../../ports/store.ts'
import { monthStart } from '../../providers/ai-settings.ts'

const rounded = (value: number) => Math.round(value * 1e6) / 1e6

export type RoutineQuotaDeps = Pick<Deps, 'clock'>

/**
 * The organization's month as a routine run sees it: its `monthly_budget`, what it spent so far
 * (tidy-ups and routines, deleted routines included), what is left, and whether the budget is reached.
 */
export async function routineQuota(
  deps: RoutineQuotaDeps,
  orgStore: OrgStore,
): Promise<RoutineQuota & { reached: boolean }> {
  const budget = (await orgStore.ai.get())?.monthlyBudget ?? null
  const spent = rounded(await orgStore.tidy.spentSince(monthStart(deps.clock.now())))
  return {
    monthlyBudget: budget,
    monthSpent: spent,
    left: budget === null ? null : rounded(Math.max(0, budget - spent)),
    reached: budget !== null && spent >= budget,
  }
}
