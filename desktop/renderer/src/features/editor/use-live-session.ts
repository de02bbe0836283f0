import { useEffect, useRef, useState } from 'react'
import * as Y from 'yjs'
import type { LiveError, ServerStatus } from '#shared/domain/collab-wire.ts'
import { ok } from '../../app/api.ts'
import { desktopApi } from '../desktop/desktop-api.ts'
import { clearLiveDraft, liveDraftKey, readLiveDraft, writeLiveDraft } from './live-draft.ts'
import {
  type LiveConnection,
  type LiveDocument,
  type LiveProvider,
  type LiveUser,
  liveProvider,
} from './live-provider.ts'

type Saved = Extract<ServerStatus, { type: 'saved' }>

/**
 * The server's answer to a `save`: the commit made, or why nothing was committed. When nothing was
 * left to commit (`commit: null`), `holder` is the commit that already holds the text, if this tab
 * was told of it (the server's answer does not say).
 */
export type SaveAnswer =
  | (Saved & { holder?: Saved })
  | Extract<ServerStatus, { type: 'refused' }>
  | { type: 'offline' }

/** A page's live session as the screen shows it. */
export type LiveSession = {
  connection: LiveConnection
  /** Why the session could not be joined, or ended (the server's words), when it said. */
  reason?: LiveError
  document?: LiveDocument
  /** Whether the editor may show the text: the server's text arrived. */
  isSynced: boolean
  isWritable: boolean
  /** Whether this tab's copy of what was not committed was merged back in. */
  isRestored: boolean
  /** Whether this person typed something not committed yet. */
  isDirty: boolean
  /**
   * The last commit the server reported; a `save` that found nothing left to commit (`commit: null`)
   * does not replace it, so the commit that already holds the text can be named.
   */
  saved?: Extract<ServerStatus, { type: 'saved' }>
  /** A commit refused (a secret, too large): nothing was committed. */
  refused?: LiveError
  /** The server said this person cannot change the page. */
  readOnly?: LiveError
  /** The page was moved or deleted. */
  gone?: LiveError
  /** Commits now with a message, resolving with the server's answer. */
  save(message: string): Promise<SaveAnswer>
}

/** How long the copy of the document waits after a change before it is kept in the tab. */
const DRAFT_DELAY_MS = 250

type State = Omit<LiveSession, 'save'>

const INITIAL: State = {
  connection: 'connecting',
  isSynced: false,
  isWritable: true,
  isRestored: false,
  isDirty: false,
}

/**
 * Joins a page's live session for as long as the screen shows it, as `user`: the shared document,
 * where the connection stands, what the server said, and whether this person's typing is committed.
 */
export function useLiveSession(org: string, space: string, path: string, user: LiveUser): LiveSession {
  const [state, setState] = useState<State>(INITIAL)
  const provider = useRef<LiveProvider | undefined>(undefined)
  const answer = useRef<((answer: SaveAnswer) => void) | undefined>(undefined)
  const userRef = useRef(user)
  userRef.current = user

  useEffect(() => {
    const key = liveDraftKey(org, space, path)
    const made = liveProvider({ org, space, path }, userRef.current, {
      restore: readLiveDraft(key),
      ticket: askLiveTicket,
    })
    provider.current = made
    setState({ ...INITIAL, document: made.document })
    const update = (patch: Partial<State>) => setState((current) => ({ ...current, ...patch }))
    const dirt = trackDirt(made, key, (isDirty) => update({ isDirty }))
    // Kept here as well as in the state, as the answer to a save may come before the next render.
    let lastCommit: Saved | undefined

    const onStatus = (status: ServerStatus) => {
      if (status.type === 'saved') {
        dirt.settle()
        if (status.commit === null) update({ refused: undefined, isDirty: false })
        else {
          lastCommit = status
          update({ saved: status, refused: undefined, isDirty: false })
        }
      } else if (status.type === 'refused') update({ refused: status })
      else if (status.type === 'read_only') update({ readOnly: status })
      else if (status.type === 'gone') update({ gone: status })
      if (status.type === 'saved' && status.commit === null) {
        answer.current?.({ ...status, holder: lastCommit })
        answer.current = undefined
      } else if (status.type === 'saved' || status.type === 'refused') {
        answer.current?.(status)
        answer.current = undefined
      }
    }
    const stop = made.subscribe((event) => {
      if (event.kind === 'connection') {
        update({ connection: event.connection, reason: event.reason, isWritable: made.isWritable })
        if (event.connection !== 'live') {
          answer.current?.({ type: 'offline' })
          answer.current = undefined
        }
      } else if (event.kind === 'document') {
        dirt.watch()
        update({ document: event.document, isSynced: false })
      } else if (event.kind === 'synced') {
        dirt.settle()
        update({ isSynced: true })
      } else if (event.kind === 'restored') {
        // What the tab kept is sent on at once; it counts as not committed until the server says so.
        update({ isRestored: true, isDirty: true })
      } else onStatus(event.status)
    })
    return () => {
      stop()
      dirt.stop()
      // Everything typed reached the server, which commits it when the last person leaves.
      if (made.isSent) clearLiveDraft(key)
      answer.current = undefined
      made.destroy()
      provider.current = undefined
    }
  }, [org, space, path])

  return {
    ...state,
    save(message) {
      const live = provider.current
      if (!live?.save(message.trim() || undefined)) return Promise.resolve({ type: 'offline' })
      answer.current?.({ type: 'offline' })
      return new Promise((resolve) => {
        answer.current = resolve
      })
    },
  }
}

/** A ticket from the desktop engine, for the window's own scheme (asked only there). */
function askLiveTicket() {
  return ok(desktopApi['live-ticket'].$post())
}

/**
 * Follows whether this person typed something not committed yet, and keeps the document's copy in
 * the tab while they have: from their own changes (not the server's) to the next commit.
 */
function trackDirt(provider: LiveProvider, key: string, onDirty: (isDirty: boolean) => void) {
  let settledText: string | undefined
  let hasTyped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let watched: Y.Doc | undefined

  const keep = () => {
    timer = undefined
    const { doc, text } = provider.document
    const isDirty = hasTyped && text.toString() !== settledText
    onDirty(isDirty)
    const id = provider.docId
    if (isDirty && id !== undefined) writeLiveDraft(key, { doc: id, state: Y.encodeStateAsUpdate(doc) })
    else clearLiveDraft(key)
  }
  const onUpdate = (_update: Uint8Array, _origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => {
    if (!transaction.local) return
    if (!hasTyped) onDirty(true)
    hasTyped = true
    clearTimeout(timer)
    timer = setTimeout(keep, DRAFT_DELAY_MS)
  }
  const watch = () => {
    watched?.off('update', onUpdate)
    watched = provider.document.doc
    watched.on('update', onUpdate)
    hasTyped = false
  }
  watch()
  return {
    watch,
    /** The text is committed as it is now. */
    settle() {
      settledText = provider.document.text.toString()
      hasTyped = false
      clearTimeout(timer)
      timer = undefined
      clearLiveDraft(key)
    },
    stop() {
      clearTimeout(timer)
      watched?.off('update', onUpdate)
    },
  }
}
