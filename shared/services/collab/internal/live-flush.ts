/** Committing a live document: when, in whose name, and what happens when its page went. */
import * as Y from 'yjs'
import type { ServerStatus } from '../../../domain/collab-wire.ts'
import { encodeStatus } from '../../../domain/collab-wire.ts'
import { CONTENT_DIR, isPlaceholder, relativeToContent } from '../../../domain/content-path.ts'
import type { Locale } from '../../../errors/catalog.ts'
import { DomainError, isDomainError } from '../../../errors/domain-error.ts'
import type { CollabDoc } from '../../../ports/collab.ts'
import type { Repo } from '../../../ports/repo.ts'
import type { Account, Organization, Space } from '../../../ports/store.ts'
import type { SpaceAccess } from '../../access/access.ts'
import type { Actor } from '../../access/actor.ts'
import { checkSecrets, withoutSecrets } from '../../content/check-secrets.ts'
import { authorOfAccount } from '../../content/commit-identity.ts'
import { checkCommitSecrets, commitInSpace } from '../../content/commit-in-space.ts'
import { keepAsNote } from './keep-as-note.ts'
import { liveCommitMessage } from './live-commit.ts'
import { rememberAccount, unload } from './live-doc.ts'
import {
  CLOSE,
  errorOf,
  hangUp,
  type LiveContext,
  type LiveDoc,
  type Peer,
  SERVICE_ACCOUNT,
  send,
  tell,
  textOfState,
  weightsOf,
} from './live-shapes.ts'
import { catchUp, resolveIntent, takeIn, tipText } from './outside-changes.ts'

/** A space as the service itself works in it (a flush, a recovery): no caller, every right. */
export function serviceAccess(
  ctx: LiveContext,
  found: { space: Space; organization: Organization },
): SpaceAccess {
  const orgStore = ctx.deps.store.forOrg(found.organization.id)
  return {
    org: found.organization,
    orgStore,
    space: found.space,
    spaceStore: orgStore.space(found.space.id),
    spaceRole: 'admin',
  }
}

/** Commits after `idleMs` without typing, and at least every `maxMs` while typing goes on. */
export function scheduleFlush(ctx: LiveContext, doc: LiveDoc) {
  clearTimeout(doc.idleTimer)
  doc.idleTimer = setTimeout(() => void flush(ctx, doc), ctx.limits.idleMs)
  doc.maxTimer ??= setTimeout(() => void flush(ctx, doc), ctx.limits.maxMs)
}

/** Commits the document's text now (one flush at a time per document). */
export function flush(
  ctx: LiveContext,
  doc: LiveDoc,
  save?: { actor: Actor; message?: string; peer: Peer },
): Promise<void> {
  clearTimeout(doc.idleTimer)
  clearTimeout(doc.maxTimer)
  doc.idleTimer = undefined
  doc.maxTimer = undefined
  const run = doc.flushing.then(() => flushNow(ctx, doc, save))
  doc.flushing = run.catch(() => {})
  return run
}

/** One flush: the text is committed in the name of whoever typed most, or the reason it is not is told. */
export async function flushNow(
  ctx: LiveContext,
  doc: LiveDoc,
  save?: { actor: Actor; message?: string; peer: Peer },
) {
  if (doc.gone) return
  let told: ServerStatus | ((locale: Locale) => ServerStatus) | undefined
  try {
    const found = await ctx.deps.store.spaceById(doc.spaceId)
    if (!found) {
      doc.gone = true
      return
    }
    const access = serviceAccess(ctx, found)
    await commitInSpace(ctx.deps, access, async (repo) => {
      await catchUp(ctx, doc)
      const kept = await ctx.log.doc(doc.spaceId, doc.path)
      const base = kept && (await resolveIntent(ctx, repo, kept, doc))
      const tip = await tipText(ctx, access, doc.path).catch((error: unknown) => {
        if (
          isDomainError(error) &&
          (error.reason === 'live_not_text' || error.reason === 'live_line_endings')
        )
          return undefined
        throw error
      })
      if (!base || !tip) return goneLocked(ctx, doc, access, base, repo)
      if (base.baseBlob !== tip.sha) await takeIn(ctx, doc, base, tip)
      // One moment: the text, its state and the updates it holds are read together.
      const text = doc.text.toString()
      const state = Y.encodeStateAsUpdate(doc.ydoc)
      const seqs = [...doc.applied.keys()]
      const weights = weightsOf(doc)
      const settle = async (blob: string) => {
        await ctx.log.settle(doc.id, state, blob, seqs, ctx.deps.clock.now())
        for (const seq of seqs) doc.applied.delete(seq)
        doc.loggedBytes = 0
      }
      if (text === tip.text) {
        // Nothing left (another instance committed it): a person waiting, or told of a commit put
        // off, hears that all is saved.
        if (save || doc.isPutOff)
          told = { type: 'saved', commit: null, author: '', coauthors: [], message: save?.message ?? '' }
        return {
          changes: [],
          author: { name: '', email: '' },
          message: '',
          result: undefined,
          afterCommit: () => settle(tip.sha),
        }
      }
      const bytes = new TextEncoder().encode(text)
      if (bytes.length > ctx.limits.maxTextBytes)
        throw new DomainError('live_text_too_large', { limit: ctx.limits.maxTextBytes })
      await checkSecrets(ctx.deps, tip.text, text, false, 'content')
      if (save?.message) await checkCommitSecrets(ctx.deps, save.actor, { message: save.message }, false)
      const people = await typists(ctx, doc, weights)
      const saver = save && people.find((p) => p.id === save.actor.account.id)
      // Whoever typed it may have been deleted since (a recovery long after): the service signs then.
      const author = saver ?? people[0] ?? save?.actor.account ?? SERVICE_ACCOUNT
      const coauthors = people.filter((p) => p.id !== author.id)
      const subject = save?.message?.trim() || editSubject(relativeToContent(doc.path), coauthors)
      const blob = await repo.blobId(bytes)
      // Kept before the commit: a crash between the commit and the settling is resolved at the next load.
      await ctx.log.intend(doc.id, { blob, head: (await repo.head()) ?? null, seqs, state })
      return {
        changes: [{ path: doc.path, content: bytes }],
        ...signed(doc, author, coauthors, subject),
        result: undefined,
        afterCommit: async (commit: string | null) => {
          await settle(blob)
          if (commit)
            told = {
              type: 'saved',
              commit,
              author: author.displayName || author.username,
              coauthors: coauthors.map((p) => p.displayName || p.username),
              message: subject,
            }
        },
      }
    })
    doc.isRefused = false
  } catch (error) {
    if (isDomainError(error)) {
      // Refused (a secret, too large), or put off: nothing is committed, the text stays in the log,
      // and the people in the page (a person saving first) are told why.
      told = (locale) => ({ type: 'refused', ...errorOf(error, locale) })
      if (error.reason === 'unavailable') {
        // The database or the space's lock out of reach for a moment: committed again later rather
        // than left until someone types.
        doc.isPutOff = true
        ctx.logger.warn({ space: doc.spaceId, reason: error.reason }, 'live flush put off')
        if (!ctx.stopping) doc.maxTimer = setTimeout(() => void flush(ctx, doc), retryDelay(ctx, error))
      } else {
        doc.isRefused = true
        ctx.logger.warn({ space: doc.spaceId, reason: error.reason }, 'live flush refused')
      }
    } else {
      ctx.logger.error({ err: error, space: doc.spaceId }, 'live flush failed')
      if (!ctx.stopping) doc.maxTimer = setTimeout(() => void flush(ctx, doc), ctx.limits.maxMs)
      throw error
    }
  }
  if (told && typeof told !== 'function' && told.type === 'saved') doc.isPutOff = false
  // The people on other instances typed into this commit too.
  if (told && typeof told !== 'function' && told.type === 'saved' && told.commit !== null) {
    const { type: _type, ...saved } = told
    ctx.deps.collabRelay.publish({ kind: 'saved', docId: doc.id, ...saved, commit: told.commit })
  }
  if (told) {
    const status = told
    if (typeof status === 'function') {
      if (save) send(save.peer, encodeStatus(status(save.peer.credential.locale)))
      else tell(doc, status)
    } else tell(doc, () => status)
  }
  if (doc.gone) closeGone(ctx, doc)
}

/** How soon a flush put off is tried again at least: a database down for a while is not asked every second. */
const RETRY_MIN_MS = 5_000

/** When a flush put off is tried again: when the error says, between RETRY_MIN_MS and `maxMs`. */
function retryDelay(ctx: LiveContext, error: DomainError): number {
  const after = (error.retryAfter ?? 0) * 1000
  return Math.min(Math.max(after, RETRY_MIN_MS), ctx.limits.maxMs)
}

/** The accounts that typed in the text not yet committed, whoever changed most first. */
async function typists(ctx: LiveContext, doc: LiveDoc, weights: Map<number, number>): Promise<Account[]> {
  for (const accountId of weights.keys()) await rememberAccount(ctx, doc, accountId)
  return [...weights.entries()]
    .filter(([id, weight]) => weight > 0 && doc.accounts.has(id))
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => doc.accounts.get(id) as Account)
}

/**
 * A live commit's author and message: whoever typed most, the others as co-authors, and the way the
 * author typed (the web app, or a program with a token).
 */
function signed(
  doc: LiveDoc,
  author: Pick<Account, 'id' | 'displayName' | 'username' | 'email'>,
  coauthors: readonly Account[],
  subject: string,
) {
  return {
    author: authorOfAccount(author),
    message: liveCommitMessage(subject, coauthors.map(authorOfAccount), doc.typedVia.get(author.id)),
  }
}

/** A live commit's subject when nobody gave one: `Edit guides/setup.md (2 people)`. */
function editSubject(relative: string, coauthors: readonly Account[]): string {
  return `Edit ${relative}${coauthors.length > 0 ? ` (${coauthors.length + 1} people)` : ''}`
}

/** How many commits back from the tip the commit that took a page away is looked for. */
const MOVE_LOOKBACK = 50

/**
 * Where a page's file went when it left its path: the commit that removed it (the latest one within
 * MOVE_LOOKBACK) must have added exactly one file holding the very text the document was based on (a
 * move that rewrote nothing in it), and that file must still hold it at the tip. Anything else (a
 * deletion, a copy elsewhere, a move that changed the page, a page that is still there in another
 * form) is no move to follow.
 */
async function movedTo(repo: Repo, path: string, blob: string): Promise<string | undefined> {
  const tip = await repo.head()
  const listing = await repo.blobs(CONTENT_DIR)
  // Still there (its text no longer edited live, say): it went nowhere.
  if (listing.some((file) => file.path === path)) return undefined
  let current = tip
  for (let steps = 0; current && steps < MOVE_LOOKBACK; steps++) {
    const [parent] = await repo.parents(current)
    const changes = await repo.diff(parent, current)
    if (changes.some((change) => change.path === path && change.after === null)) {
      const added = changes.filter(
        (change) => change.before === null && change.after === blob && !isPlaceholder(change.path),
      )
      if (added.length !== 1) return undefined
      const target = added[0]?.path ?? ''
      return listing.find((file) => file.path === target)?.sha === blob ? target : undefined
    }
    current = parent
  }
  return undefined
}

/**
 * The page left the tip. Moved as it was: what was typed follows it, written at its new place, and
 * the people in it are told where. Deleted (or moved and changed): unflushed text becomes a note.
 * The document is dropped either way.
 */
export async function goneLocked(
  ctx: LiveContext,
  doc: LiveDoc,
  access: SpaceAccess,
  base: CollabDoc | undefined,
  repo: Repo,
) {
  const text = doc.text.toString()
  const baseText = base ? textOfState(base.state) : text
  const weights = weightsOf(doc)
  const top = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  if (top !== undefined) await rememberAccount(ctx, doc, top)
  // Whoever typed most may have been deleted since: the text is kept all the same, by the service.
  const author = (top !== undefined ? doc.accounts.get(top) : undefined) ?? SERVICE_ACCOUNT
  // Gone once its commit is made: a commit that fails is tried again by the next flush, which would
  // otherwise find the document gone, tell nobody and keep nothing.
  const left = async (told: { note: string | null; moved?: string }) => {
    doc.gone = true
    if (told.moved) doc.movedTo = told.moved
    if (told.note) doc.keptNote = told.note
    await ctx.log.drop(doc.id)
    ctx.deps.collabRelay.publish({ kind: 'gone', docId: doc.id, ...told })
  }
  const moved = base ? await movedTo(repo, doc.path, base.baseBlob) : undefined
  const bytes = new TextEncoder().encode(text)
  // A secret or a text past the size edited live is not written there: it waits in a note instead.
  const fits = async () =>
    bytes.length <= ctx.limits.maxTextBytes &&
    (await checkSecrets(ctx.deps, baseText, text, false, 'content').then(
      () => true,
      () => false,
    ))
  if (moved && (text === baseText || (await fits()))) {
    const to = relativeToContent(moved)
    // Everyone who typed is credited, as in any flush.
    const coauthors = (await typists(ctx, doc, weights)).filter((p) => p.id !== author.id)
    return {
      changes: text === baseText ? [] : [{ path: moved, content: bytes }],
      ...signed(doc, author, coauthors, editSubject(to, coauthors)),
      result: undefined,
      afterCommit: () => left({ note: null, moved: to }),
    }
  }
  if (text === baseText)
    return {
      changes: [],
      author: { name: '', email: '' },
      message: '',
      result: undefined,
      afterCommit: () => left({ note: null }),
    }
  const plan = keepAsNote(ctx.deps, access, {
    path: relativeToContent(doc.path),
    // A secret typed in and refused stays out of the note too, which is committed (and pushed).
    text: await withoutSecrets(ctx.deps, baseText, text, SECRET_LEFT_OUT),
    author,
    afterCommit: () => left({ note: plan.result }),
  })
  return plan
}

/** What stands in a kept note for a line that seemed to hold a secret. */
export const SECRET_LEFT_OUT = '[A line that seemed to hold a secret was left out.]'

/** Tells the people in a page that it went, and whether a note kept what nobody had committed. */
export function closeGone(ctx: LiveContext, doc: LiveDoc) {
  const note = doc.keptNote ?? null
  const moved = doc.movedTo
  const said = moved
    ? new DomainError('live_page_moved', { path: moved })
    : new DomainError(note ? 'live_page_gone' : 'live_page_gone_saved')
  tell(doc, (locale) => ({ type: 'gone', note, ...(moved ? { moved } : {}), ...errorOf(said, locale) }))
  for (const peer of doc.peers) hangUp(peer, CLOSE.gone, 'gone')
  doc.peers.clear()
  unload(ctx, doc)
}
