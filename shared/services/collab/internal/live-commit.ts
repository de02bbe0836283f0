import type { Account } from '../../../ports/store.ts'

/** The Git identity of an account: display name and e-mail (a reserved address when none is known). */
export function authorOfAccount(account: Pick<Account, 'displayName' | 'username' | 'email'>): {
  name: string
  email: string
} {
  return {
    name: account.displayName || account.username,
    email: account.email || `${account.username}@users.invalid`,
  }
}

/**
 * The message of a live session's commit: its subject, then one trailer block saying where it came
 * from and naming everyone else who typed in it (`Co-authored-by:`, as Git hosts read it).
 */
export function liveCommitMessage(subject: string, coauthors: { name: string; email: string }[]): string {
  const others = coauthors.map((p) => `Co-authored-by: ${p.name} <${p.email}>\n`).join('')
  return `${subject}\n\nSource: web\nVia: Web · live\n${others}`
}
