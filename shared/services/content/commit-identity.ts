import { oneLine } from '../../domain/commit-trailers.ts'
import type { Account } from '../../ports/store.ts'
import type { Actor } from '../access/actor.ts'

const CLIENTS = {
  api: 'API',
  web: 'Web',
  mcp: 'MCP',
  desktop: 'Desktop',
  git: 'Git',
  system: 'Service',
  routine: 'Routine',
} as const

/** The Git identity of an account: display name and e-mail (a reserved address when none is known). */
export function authorOfAccount(account: Pick<Account, 'displayName' | 'username' | 'email'>): {
  name: string
  email: string
} {
  const { displayName, username, email } = account
  return { name: oneLine(displayName) || username, email: email || `${username}@users.invalid` }
}

/** The Git author for a caller: their account's identity. */
export function authorOf(actor: Actor): { name: string; email: string } {
  return authorOfAccount(actor.account)
}

/** The client (and token) a call came through, as shown in `Via:` trailers and inbox items. */
export function viaOf(actor: Actor): string {
  const client = CLIENTS[actor.channel]
  return actor.token ? `${client} · ${oneLine(actor.token.name)}` : client
}

/** The trailers of a routine's commit: `Source: routine` and `Via: Routine · <name>`. */
export function routineTrailers(name: string): string {
  return `Source: routine\nVia: ${CLIENTS.routine} · ${oneLine(name)}\n`
}

/** A commit message ending with the trailers that say where a change came from. */
export function commitMessage(actor: Actor, subject: string): string {
  return `${subject}\n\nSource: ${actor.channel}\nVia: ${viaOf(actor)}\n`
}
