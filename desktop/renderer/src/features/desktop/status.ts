import type { TFunction } from 'i18next'
import type { DesktopSpace } from './desktop-api.ts'

/** A space's sync state in words ("Offline: 3 changes waiting"), in the person's language. */
export function statusWords(
  space: Pick<DesktopSpace, 'status' | 'waiting' | 'conflicts'>,
  t: TFunction,
): string {
  switch (space.status) {
    case 'offline':
      return space.waiting > 0
        ? t('desktop.status.offlineWaiting', { count: space.waiting })
        : t('desktop.status.offline')
    case 'conflicts':
      return t('desktop.status.conflicts', { count: space.conflicts })
    default:
      return t(`desktop.status.${space.status}`)
  }
}

/** Whether the list should be read again soon: a sync is running, or one is due once back online. */
export function isBusy(spaces: readonly Pick<DesktopSpace, 'status' | 'meaning'>[]): boolean {
  return spaces.some(
    (space) =>
      space.status === 'syncing' ||
      space.status === 'offline' ||
      (space.meaning !== null && space.meaning.indexed < space.meaning.total),
  )
}

/** Whether an address names a remote on the network (https, http, ssh or git@host:path), not a folder. */
export function isNetworkRemote(url: string): boolean {
  const value = url.trim()
  return /^https?:\/\/[^/\s]/i.test(value) || isSshUrl(value)
}

/** Whether a Git address goes through SSH (`ssh://…` or the short `user@host:path`), which takes a key. */
export function isSshUrl(url: string): boolean {
  const value = url.trim()
  return /^ssh:\/\//i.test(value) || /^[\w.-]+@[\w.-]+:/.test(value)
}
