import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PendingButton } from './pending-button.tsx'
import { ErrorNote } from './states.tsx'

/**
 * The end of a form: its error, an optional note, then the submit button (`Save` unless named; while
 * it runs it ignores clicks but keeps the focus), what `children` add beside it, and `Cancel` when
 * there is `onCancel`.
 */
export function SubmitBar({
  error,
  pending,
  disabled,
  label,
  note,
  onCancel,
  children,
}: {
  error: unknown
  pending?: boolean
  disabled?: boolean
  label?: string
  note?: ReactNode
  onCancel?: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <ErrorNote error={error} />
      {note}
      <div className="toolbar">
        <PendingButton type="submit" className="primary" pending={pending ?? false} disabled={disabled}>
          {label ?? t('common.save')}
        </PendingButton>
        {children}
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </>
  )
}
