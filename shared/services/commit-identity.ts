import type { Actor } from './actor.ts'

const CLIENTS = { api: 'API', web: 'Web', mcp: 'MCP', desktop: 'Desktop', system: 'Service' } as const

/** The Git author for a caller: display name and e-mail (a reserved address when none is known). */
export function authorOf(actor: Actor): { name: string; email: string } {
  const { displayName, username, email } = actor.account
  return { name: displayName || username, email: email || `${username}@users.invalid` }
}

/** A commit message ending with the trailers that say where a change came from. */
export function commitMessage(actor: Actor, subject: string): string {
  const client = CLIENTS[actor.channel]
  const via = actor.token ? `${client} · ${actor.token.name}` : client
  return `${subject}\n\nSource: ${actor.channel}\nVia: ${via}\n`
}
