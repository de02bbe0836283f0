/** Whether the person is on a Mac-like system, where the command key takes Ctrl's place. */
export function isApple(): boolean {
  if (typeof navigator === 'undefined') return false
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}

/** The name of the key that goes with letters for commands: ⌘ on a Mac, Ctrl elsewhere. */
export function modKey(): string {
  return isApple() ? '⌘' : 'Ctrl'
}

/** Whether a key event asks for the quick switcher: Ctrl+K, or Cmd+K on a Mac. */
export function isSwitcherKey(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  )
}

/** Whether a key event asks for the list of shortcuts: `?`, with no command key. */
export function isHelpKey(event: KeyboardEvent): boolean {
  return event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey
}

/**
 * The element that has the focus, looking into shadow roots: an editor in a shadow root (CodeMirror's)
 * holds it in its own content, which is where it must go back to.
 */
export function focusedElement(): HTMLElement | null {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  return element instanceof HTMLElement ? element : null
}
