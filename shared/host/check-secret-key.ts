import { StartRefused } from '../errors/start-refused.ts'
import type { Deps } from '../ports/deps.ts'

/**
 * Refuses a start whose secret key does not open what the database keeps sealed: a restore without
 * the installation's key, or another key set by mistake, would start as if nothing were wrong, and
 * fail at the first use of a stored credential (a push, a webhook, single sign-on) with no word why.
 * A database keeping nothing sealed has nothing to check.
 */
export async function checkSecretKey(deps: Pick<Deps, 'store' | 'cipher'>): Promise<void> {
  const sample = await deps.store.sealedSample()
  if (sample === undefined) return
  try {
    deps.cipher.open(sample)
  } catch {
    throw new StartRefused(
      "the secret key (secret.key in the data folder, or SERVICE_SECRET_KEY) is not the one this database's credentials were sealed with: start with the installation's own key (a restore needs the secret.key of its backup, or the SERVICE_SECRET_KEY it ran with)",
    )
  }
}
