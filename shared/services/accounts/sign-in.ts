import { addressGroup } from '../../domain/address-group.ts'
import { SESSION_IDLE_MS, SESSION_PREFIX, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_IP } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Account, RateWindow } from '../../ports/store.ts'
import { type TakeSlotDeps, takeSlot } from '../access/rate-limit.ts'

export type SignInInput = { username: string; password: string; clientIp: string }

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined

export type SignInDeps = TakeSlotDeps & OpenSessionDeps & Pick<Deps, 'passwords' | 'store'>

/**
 * Signs in with a password and opens a web session. Failures count per account and client address,
 * and per address, in sliding windows; beyond either limit the answer is 429 until the window frees.
 * An address that has not failed is never held back, so guesses from elsewhere cannot lock the owner
 * out. Each attempt takes its failure slot before the password is checked (so attempts in flight
 * together cannot pass the limit) and gives it back when the password is right.
 */
export async function signIn(
  deps: SignInDeps,
  input: SignInInput,
): Promise<{ account: Account; cookie: string; expiresAt: number }> {
  const username = input.username.trim().toLowerCase()
  // An IPv6 client is counted by its /64: it may hold every address in it.
  const address = addressGroup(input.clientIp)
  const failure = await takeSlot(
    deps,
    [
      { key: `sign-in:pair:${JSON.stringify([username, address])}`, limit: SIGN_IN_PER_ACCOUNT },
      signInWindow(input.clientIp),
    ],
    (wait) => new DomainError('too_many_sign_ins', { retry_after: wait }, wait),
  )

  const account = await deps.store.accounts.byUsername(username)
  let isValid = false
  if (account?.passwordHash) {
    isValid = await deps.passwords.verify(account.passwordHash, input.password)
  } else {
    decoyHash ??= deps.passwords.hash('decoy password for unknown accounts')
    await deps.passwords.verify(await decoyHash, input.password)
  }
  if (!account || !isValid || !account.isActive) throw new DomainError('bad_credentials')
  await failure.release()

  return { account, ...(await openSession(deps, account.id)) }
}

/**
 * The window of sign-in attempts from one client address (an IPv6 client by its /64): password
 * sign-ins count their failures in it, and sign-ins through a provider their attempts.
 */
export function signInWindow(clientIp: string): RateWindow {
  return { key: `sign-in:ip:${addressGroup(clientIp)}`, limit: SIGN_IN_PER_IP }
}

export type OpenSessionDeps = Pick<Deps, 'clock' | 'secrets' | 'store'>

/** Opens a web session for an account already known to be who it says: the cookie and when it lapses. */
export async function openSession(
  deps: OpenSessionDeps,
  accountId: number,
): Promise<{ cookie: string; expiresAt: number }> {
  const cookie = deps.secrets.mint(SESSION_PREFIX)
  const now = deps.clock.now()
  const expiresAt = now + SESSION_IDLE_MS
  await deps.store.sessions.create({
    id: deps.secrets.digest(cookie),
    accountId,
    createdAt: now,
    expiresAt,
    lastSeenAt: now,
  })
  return { cookie, expiresAt }
}

/** Closes a web session (signing out); does nothing for an unknown cookie. */
export async function signOut(deps: Pick<Deps, 'secrets' | 'store'>, cookie: string): Promise<void> {
  if (cookie) await deps.store.sessions.remove(deps.secrets.digest(cookie))
}
