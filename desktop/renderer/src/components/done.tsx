import type { ReactNode } from 'react'

/** A short confirmation after a change, announced to screen readers. */
export function Done({ children }: { children: ReactNode }) {
  return (
    <p className="done small" role="status">
      {children}
    </p>
  )
}
