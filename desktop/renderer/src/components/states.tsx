import type { ErrorComponentProps } from '@tanstack/react-router'
import { Link } from '@tanstack/react-router'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../app/api.ts'

/** Shown while something loads; announced to screen readers. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <p className="state loading" role="status" aria-live="polite">
      {label ?? t('common.loading')}
    </p>
  )
}

/** Shown when a list has nothing to show. */
export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  return <p className="state empty">{children ?? t('common.empty')}</p>
}

/** The message of an error in the person's language (the server's catalog message for API errors). */
export function errorMessage(error: unknown, t: TFunction): string {
  // The server's catalog message is already in the person's language and says how long to wait.
  return error instanceof ApiError ? error.message : t('common.unexpectedError')
}

/** An error, said plainly, with a way to try again when it may help. */
export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <div className="state error" role="alert">
      <p>{errorMessage(error, t)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  )
}

/** An address the app does not know, or a resource the person cannot see. */
export function NotFound() {
  const { t } = useTranslation()
  return (
    <div className="state not-found">
      <p>{t('common.notFound')}</p>
      <Link to="/">{t('common.nav.home')}</Link>
    </div>
  )
}

/** What a screen shows when loading it failed. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  if (error instanceof ApiError && error.status === 404) return <NotFound />
  return <ErrorNote error={error} onRetry={reset} />
}
