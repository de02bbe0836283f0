import { addressGroup } from '../../../domain/address-group.ts'
import { SIGN_IN_PER_IP } from '../../../domain/limits.ts'
import type { RateWindow } from '../../../ports/rate-limits.ts'

/** The window of sign-in attempts from one client address: the one password sign-ins count in too. */
export function signInWindow(clientIp: string): RateWindow {
  return { key: `sign-in:ip:${addressGroup(clientIp)}`, limit: SIGN_IN_PER_IP }
}
