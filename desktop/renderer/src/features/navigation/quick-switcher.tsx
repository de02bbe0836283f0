import './navigation.css'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { focusedElement, isSwitcherKey, modKey } from './keys.ts'
import { SwitcherDialog } from './switcher-dialog.tsx'

/**
 * The quick switcher: a button in the header, and Ctrl+K (Cmd+K on a Mac) from anywhere, an editor
 * included. The key is caught on the document in the capture phase, before an editor (in its shadow
 * root) or the browser's own Ctrl+K can take it. Closing gives the focus back where it was.
 */
export function QuickSwitcher() {
  const { t } = useTranslation()
  // Each opening has its number (0: closed), so the close of an earlier one cannot close a later.
  const [opening, setOpening] = useState(0)
  const shown = useRef(0)
  const openings = useRef(0)
  const dialog = useRef<HTMLDialogElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const open = useCallback(() => {
    // Asked again while open: the focus to give back is still the one from before.
    if (shown.current && dialog.current?.open) return
    // Unless the browser closed it (Escape) and its close event is still to come: Ctrl+K pressed in
    // that moment opens it afresh, and that late close is then ignored.
    if (!shown.current) returnTo.current = focusedElement()
    openings.current += 1
    shown.current = openings.current
    setOpening(openings.current)
  }, [])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSwitcherKey(event)) return
      event.preventDefault()
      event.stopPropagation()
      open()
    }
    document.addEventListener('keydown', onKey, { capture: true })
    return () => document.removeEventListener('keydown', onKey, { capture: true })
  }, [open])
  const close = (closed: number, hasLeft: boolean) => {
    if (closed !== shown.current) return
    shown.current = 0
    setOpening(0)
    // After opening a page, the focus goes to that page rather than to what the old screen had.
    const target = hasLeft ? document.getElementById('main') : returnTo.current
    target?.focus({ preventScroll: !hasLeft })
  }
  return (
    <>
      <button
        type="button"
        className="switcher-button"
        onClick={open}
        aria-keyshortcuts="Control+K Meta+K"
        title={t('navigation.switcher.open')}
      >
        {/* On a phone the button shows its sign only, its words still its name (see navigation.css). */}
        <span className="switcher-sign" aria-hidden="true">
          ↗
        </span>
        <span className="switcher-label">{t('navigation.switcher.open')}</span>
        <span className="switcher-keys" aria-hidden="true">
          <kbd>{`${modKey()} K`}</kbd>
        </span>
      </button>
      {opening > 0 && (
        <SwitcherDialog key={opening} dialog={dialog} onClose={(hasLeft) => close(opening, hasLeft)} />
      )}
    </>
  )
}
