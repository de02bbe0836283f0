import { type RefObject, useEffect } from 'react'

/** Which ends of a row scrolled sideways hide tabs: said by a fade at that end (see style.css). */
function markHidden(nav: HTMLElement): void {
  const left = nav.scrollLeft > 1
  const right = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1
  const more = left && right ? 'both' : left ? 'left' : right ? 'right' : ''
  if (more) nav.dataset.more = more
  else delete nav.dataset.more
}

/**
 * A row of tabs that scrolls sideways on a narrow screen: the open one (`shown` names the screen) is
 * brought into view, and the ends hiding more tabs fade, so the person sees there are more.
 */
export function useTabsInView(tabs: RefObject<HTMLElement | null>, shown: string): void {
  useEffect(() => {
    const nav = tabs.current
    if (!nav) return
    const update = () => markHidden(nav)
    nav.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    update()
    return () => {
      nav.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [tabs])
  useEffect(() => {
    const nav = tabs.current
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !active || !shown) return
    const a = active.getBoundingClientRect()
    const n = nav.getBoundingClientRect()
    if (a.left < n.left || a.right > n.right) nav.scrollLeft += a.left - n.left - (n.width - a.width) / 2
    markHidden(nav)
  }, [tabs, shown])
}
