import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

/**
 * The page tree's drawer on a phone (the style sheet makes it one below 768 px): opened and closed by
 * its button; closed by its own Close button and by Escape (the focus back on the button), by a click
 * outside it, and by choosing a page, which changes the address.
 */
export function useTreeDrawer() {
  const [isOpen, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is a page chosen: it closes the drawer.
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (!isOpen) return
    // Into the drawer, so that a keyboard or a screen reader carries on where the person looks; on
    // the drawer itself rather than its filter, so that a phone does not raise its keyboard.
    panelRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog opened from the tree closes that dialog only.
      if (event.key !== 'Escape' || (event.target as Element | null)?.closest?.('dialog')) return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (isWithin(panelRef.current, event) || buttonRef.current?.contains(event.target as Node)) return
      setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [isOpen])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  return { isOpen, toggle: () => setOpen((open) => !open), close, buttonRef, panelRef }
}

/**
 * Whether a pointer is on the drawer: on one of its children, or within its box (the shade beside it
 * belongs to the drawer's own element but lies outside its box).
 */
function isWithin(panel: HTMLElement | null, event: PointerEvent): boolean {
  if (!panel) return false
  if (event.target !== panel && panel.contains(event.target as Node)) return true
  const box = panel.getBoundingClientRect()
  return (
    event.clientX >= box.left &&
    event.clientX <= box.right &&
    event.clientY >= box.top &&
    event.clientY <= box.bottom
  )
}
