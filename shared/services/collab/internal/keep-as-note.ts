import { type NoteMeta, noteName, writeNote } from '../../../domain/inbox-note.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Account } from '../../../ports/store.ts'
import type { SpaceAccess } from '../../access/access.ts'
import { authorOfAccount } from '../../content/commit-identity.ts'
import type { CommitPlan } from '../../content/commit-in-space.ts'
import { notePath } from '../../inbox/inbox-access.ts'
import { liveCommitMessage } from './live-commit.ts'

/**
 * The commit that keeps a live page's unsaved text as a note in the space's inbox, once the page
 * left the tip (deleted or moved by someone else): nothing typed is dropped. Its result is the
 * note's name in the inbox.
 */
export function keepAsNote(
  deps: Pick<Deps, 'clock' | 'secrets'>,
  _access: SpaceAccess,
  input: {
    path: string
    text: string
    author: Pick<Account, 'username' | 'displayName' | 'email'>
    afterCommit: () => Promise<void>
  },
): CommitPlan<string> {
  const now = deps.clock.now()
  const title = `Unsaved edits of ${input.path}`
  const name = noteName(title, new Date(now), deps.secrets.id())
  const meta: NoteMeta = {
    title,
    depositedBy: input.author.username,
    depositedAt: new Date(now).toISOString(),
    hint: input.path,
    origin: '',
    source: 'web',
    via: 'Web · live',
    status: 'pending',
    reason: '',
    candidates: [],
  }
  return {
    changes: [{ path: notePath(name), content: new TextEncoder().encode(writeNote(meta, input.text)) }],
    author: authorOfAccount(input.author),
    message: liveCommitMessage(`Keep unsaved edits of ${input.path} as a note`, []),
    result: name,
    afterCommit: input.afterCommit,
  }
}
