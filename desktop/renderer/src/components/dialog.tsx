import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A modal dialog (the native `<dialog>`: focus is trapped and Escape closes it), labelled by its
 * title so tests and screen readers find it by name.
 */
export function Dialog({
  title,
  open,
  onClose,
  children,
  wide,
}: {
  title: string
  open: boolean
  onClose: () => void
  children: ReactNode
  wide?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const { t } = useTranslation()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  const titleId = `dialog-${title.replace(/\W+/g, '-')}`
  return (
    <dialog ref={ref} className={wide ? 'dialog wide' : 'dialog'} aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <>
          <header className="dialog-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          </header>
          {children}
        </>
      )}
    </dialog>
  )
}
