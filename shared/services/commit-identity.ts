import type { Actor } from './actor.ts'

const CLIENTS = {
  api: 'API',
  web: 'Web',
  mcp: 'MCP',
  desktop: 'Desktop',
  git: 'Git',
  system: 'Service',
} as const

/** The Git author for a caller: display name and e-mail (a reserved address when none is known). */
export function authorOf(actor: Actor): { name: string; email: string } {
  const { displayName, username, email } = actor.account
  return { name: displayName || username, email: email || `${username}@users.invalid` }
}

/** The client (and token) a call came through, as shown in `Via:` trailers and inbox items. */
export function viaOf(actor: Actor): string {
  const client = CLIENTS[actor.channel]
  return actor.token ? `${client} · ${actor.token.name}` : client
}

/** A commit message ending with the trailers that say where a change came from. */
export function commitMessage(actor: Actor, subject: string): string {
  return `${subject}\n\nSource: ${actor.channel}\nVia: ${viaOf(actor)}\n`
}
