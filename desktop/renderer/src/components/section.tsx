import type { ReactNode } from 'react'

/** A section of an administration screen: a card under its heading, found by that heading's name. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card admin-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}
