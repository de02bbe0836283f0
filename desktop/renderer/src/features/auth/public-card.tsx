import type { ReactNode } from 'react'

/** A page a person opens signed out (sign-in, a mailed link): one card in the middle, under its title. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="sign-in" id="main">
      <section className="card narrow" aria-labelledby="public-card-title">
        <h1 id="public-card-title">{title}</h1>
        {children}
      </section>
    </main>
  )
}
