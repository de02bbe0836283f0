import type { TFunction } from 'i18next'

/**
 * The sync's last error as the person reads it: the engine keeps it in English, in a few known
 * shapes (a refused credential, a missing repository, a remote out of reach, a refused push); each
 * is said in the app's language with what to do. Anything else is shown as the remote's words.
 */
export function syncErrorText(lastError: string, t: TFunction): string {
  const status = /the remote answered HTTP (\d{3})/.exec(lastError)?.[1]
  if (status === '401' || status === '403') return t('space-settings.syncErrors.credentials', { status })
  if (status === '404' || /repository was not found/.test(lastError))
    return t('space-settings.syncErrors.notFound')
  if (/host key is not the known one/.test(lastError)) return t('space-settings.syncErrors.hostKey')
  if (/refused the SSH key/.test(lastError)) return t('space-settings.syncErrors.sshKey')
  if (UNREACHABLE.test(lastError)) return t('space-settings.syncErrors.unreachable')
  const refused = /the remote refused the push: (.*)$/s.exec(lastError)?.[1]
  if (refused) return t('space-settings.syncErrors.pushRefused', { reason: refused })
  if (/kept moving/.test(lastError)) return t('space-settings.syncErrors.busy')
  return t('space-settings.syncErrors.other', { reason: lastError })
}

const UNREACHABLE =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|socket hang up|fetch failed|timed? ?out|could not be resolved|unreachable|connection (?:refused|reset|closed)|closed by the remote/i
