import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from './dialog.tsx'
import { PendingButton } from './pending-button.tsx'
import { ErrorNote } from './states.tsx'

/** Asks before a destructive action: what it does, its error if it failed, the action and `Cancel`. */
export function ConfirmDialog({
  title,
  open,
  onClose,
  confirmLabel,
  onConfirm,
  pending,
  error,
  children,
}: {
  title: string
  open: boolean
  onClose: () => void
  confirmLabel: string
  onConfirm: () => void
  pending: boolean
  error: unknown
  /** What the action does, said plainly. */
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog title={title} open={open} onClose={onClose}>
      <p>{children}</p>
      <ErrorNote error={error} />
      <div className="toolbar">
        <PendingButton type="button" className="danger" pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </PendingButton>
        <button type="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  )
}
