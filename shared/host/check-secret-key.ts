import { StartRefused } from '../errors/start-refused.ts'
import type { Deps } from '../ports/deps.ts'

/**
 * Refuses a start whose secret key does not open what the database keeps sealed: a restore without
 * the installation's key, or another key set by mistake, would start as if nothing were wrong, and
 * fail at the first use of a stored credential (a push, a webhook, single sign-on) with no word why.
 * A database keeping nothing sealed has nothing to check. With `acceptNew` (the key lost, or changed
 * on purpose), the start goes on and says what must be entered again.
 */
export async function checkSecretKey(
  deps: Pick<Deps, 'store' | 'cipher'>,
  options: { acceptNew: boolean; warn: (message: string) => void },
): Promise<void> {
  const sample = await deps.store.sealedSample()
  if (sample === undefined) return
  try {
    deps.cipher.open(sample)
  } catch {
    if (options.acceptNew) {
      options.warn(
        'the secret key does not open the credentials the database keeps: Git remotes, providers’ keys, webhook and single sign-on secrets must be entered again',
      )
      return
    }
    throw new StartRefused(
      "the secret key (secret.key in the data folder, or SERVICE_SECRET_KEY) is not the one this database's credentials were sealed with: start with the installation's own key (a restore needs the secret.key of its backup, or the SERVICE_SECRET_KEY it ran with); if that key is lost, or was changed on purpose, start once with SERVICE_ACCEPT_NEW_SECRET_KEY=true and enter the stored credentials again",
    )
  }
}
