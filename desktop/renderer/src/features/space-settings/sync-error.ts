import type { TFunction } from 'i18next'
import { PUSH_REFUSED, type SyncErrorCode } from '#shared/domain/sync-errors.ts'

/**
 * The sync's last error as the person reads it, from its kind (`last_error_code`): each kind the
 * engine tells apart (refused credentials, a missing repository, a remote out of reach, a refused
 * push...) is said in the app's language with what to do. Anything else is shown as the engine's
 * words (`last_error`, in English).
 */
export function syncErrorText(message: string, code: SyncErrorCode | null, t: TFunction): string {
  switch (code) {
    case 'auth':
      return t('space-settings.syncErrors.credentials')
    case 'not-found':
      return t('space-settings.syncErrors.notFound')
    case 'host-key':
      return t('space-settings.syncErrors.hostKey')
    case 'ssh-key':
      return t('space-settings.syncErrors.sshKey')
    case 'unreachable':
      return t('space-settings.syncErrors.unreachable')
    case 'push-refused':
      // The reason is the remote's own words, which no translation knows.
      return t('space-settings.syncErrors.pushRefused', {
        reason: message.startsWith(PUSH_REFUSED) ? message.slice(PUSH_REFUSED.length) : message,
      })
    case 'busy':
      return t('space-settings.syncErrors.busy')
    default:
      return t('space-settings.syncErrors.other', { reason: message })
  }
}
