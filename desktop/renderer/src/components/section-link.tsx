import { useLocation } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'

/**
 * A link to a part of this screen (`#id`): followed, it scrolls there and puts the keyboard's focus
 * there. A bare `#id` would leave the screen: the app's `<base href="/">` resolves it against the
 * app's root, the home screen.
 */
export function SectionLink({
  to,
  className,
  children,
}: {
  to: string
  className?: string
  children: ReactNode
}) {
  const { pathname, searchStr } = useLocation()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const target = document.getElementById(to)
    if (!target) return
    event.preventDefault()
    // A heading or a section takes the focus only when told it may.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus()
    target.scrollIntoView({ block: 'start' })
  }
  return (
    <a className={className} href={`${pathname}${searchStr}#${to}`} onClick={onClick}>
      {children}
    </a>
  )
}
