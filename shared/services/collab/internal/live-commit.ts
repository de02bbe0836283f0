import { coauthorTrailer } from '../../../domain/commit-trailers.ts'
import type { Actor } from '../../access/actor.ts'
import { viaOf } from '../../content/commit-identity.ts'

/**
 * The message of a live session's commit: its subject, then one trailer block saying where it came
 * from and naming everyone else who typed in it (`Co-authored-by:`, as Git hosts read it). It came
 * from the web app's live editor, unless its author typed through a program with a token (`via`):
 * then it says so as the program's REST writes do (`Source: api`, `Via: API · <token name>`).
 */
export function liveCommitMessage(
  subject: string,
  coauthors: { name: string; email: string }[],
  via?: Actor,
): string {
  const others = coauthors.map((person) => `${coauthorTrailer(person)}\n`).join('')
  const from =
    via?.token && via.channel !== 'web'
      ? `Source: ${via.channel}\nVia: ${viaOf(via)}`
      : 'Source: web\nVia: Web · live'
  return `${subject}\n\n${from}\n${others}`
}
