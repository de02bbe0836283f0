import type { AnyRouter } from '@tanstack/react-router'

/**
 * How long a new screen may take to draw its main heading (it may come with the screen's data) before
 * the main region takes the focus instead.
 */
const HEADING_WAIT_MS = 3_000

/**
 * After a navigation to another screen (not the first one drawn: the browser places the focus then),
 * the keyboard's focus goes to the new screen's main heading, or its main region, as a page load would
 * reset it: a screen reader says where the person now is, and Tab goes on from the screen's top rather
 * than from a link that is gone. A screen that put the focus somewhere itself (a field to fill) keeps
 * it, and so does a person who moved it meanwhile. A change of the search alone (filters) moves nothing.
 */
export function focusNewScreens(router: AnyRouter): void {
  // What had the focus when the navigation started: the link or button that led away, often.
  let before: Element | null = null
  let stopWaiting = () => {}
  router.subscribe('onBeforeNavigate', () => {
    before = document.activeElement
  })
  router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
    stopWaiting()
    if (!fromLocation || !pathChanged) return
    const isFocusFree = () => {
      const active = document.activeElement
      return !active || active === document.body || active === before || !active.isConnected
    }
    // After the new screen's own effects, which may have given the focus to one of its fields.
    const timer = setTimeout(() => {
      if (!isFocusFree()) return
      const heading = mainHeading()
      if (heading) return focusOn(heading)
      // Still loading: its heading is awaited, for a while.
      const observer = new MutationObserver(() => {
        const found = mainHeading()
        if (!found) return
        stopWaiting()
        if (isFocusFree()) focusOn(found)
      })
      observer.observe(document.body, { childList: true, subtree: true })
      const giveUp = setTimeout(() => {
        stopWaiting()
        const main = document.getElementById('main')
        if (main && isFocusFree()) focusOn(main)
      }, HEADING_WAIT_MS)
      stopWaiting = () => {
        observer.disconnect()
        clearTimeout(giveUp)
        stopWaiting = () => {}
      }
    })
    stopWaiting = () => clearTimeout(timer)
  })
}

/** The screen's level-one heading: in its main region, or anywhere (a screen outside the frame). */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1') ?? document.querySelector<HTMLElement>('h1')
}

/** Focuses an element that is not a control, letting it take the focus; the router keeps the scroll. */
function focusOn(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
}
