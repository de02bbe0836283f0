import './editor.css'
import { keymap } from '@codemirror/view'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next'
import * as Y from 'yjs'
import type { LiveError } from '#shared/domain/collab-wire.ts'
import { ApiError } from '../../app/api.ts'
import { useMe } from '../../app/session.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { EditorToolbar } from './editor-toolbar.tsx'
import { useLeaveWarning } from './leave-warning.ts'
import { colorOf, liveCursors } from './live-cursors.ts'
import { LiveGone, LiveRefusal, LiveState, stoppedText } from './live-notes.tsx'
import { useEditorMode } from './live-preview/mode.ts'
import type { LiveDocument } from './live-provider.ts'
import { type EditorHandle, MarkdownEditor } from './markdown-editor.tsx'
import { useRefreshAfterChange } from './mutations.ts'
import {
  CommitMessage,
  panesClass,
  SidePreview,
  useSaveShortcut,
  useSpaceTreeWhenIdle,
  useTreePaths,
  writingContext,
} from './page-editor.tsx'
import { PeopleInPage } from './people-in-page.tsx'
import { editorKeys } from './queries.ts'
import { useUploads } from './uploads.tsx'
import { type LiveSession, type SaveAnswer, useLiveSession } from './use-live-session.ts'

/**
 * `Edit` on a page, live: the page's session is joined and everyone in it types into one text,
 * committed by the server by itself. When no session can be joined (no WebSocket through, or a host
 * that offers none), `fallback` is shown instead: editing saved by Save, as without live editing.
 */
export function LivePageEditor({
  org,
  space,
  path,
  fallback,
  onSaved,
  onLeave,
  onGone,
  commitNow,
}: {
  org: string
  space: string
  path: string
  fallback: (reason?: LiveError) => ReactNode
  onSaved: () => void
  onLeave: () => void
  /** The page was moved or deleted under the editor. */
  onGone: () => void
  /** Filled with a way to commit what was typed now (while the session is live), for a move. */
  commitNow?: RefObject<(() => Promise<void>) | undefined>
}) {
  const { t } = useTranslation()
  const me = useMe()
  const user = useMemo(
    () => ({ name: me.display_name || me.username, username: me.username, color: colorOf(me.username) }),
    [me.display_name, me.username],
  )
  const live = useLiveSession(org, space, path, user)
  useFreshReads(org, space, path, live.saved?.commit ?? null)
  useWhenGone(org, space, path, live.gone !== undefined, onGone)
  useCommitNow(commitNow, live)

  if (live.connection === 'unavailable') return fallback(live.reason)
  if (live.gone) return <LiveGone gone={live.gone} org={org} space={space} />
  if (!live.document || !live.isSynced) {
    if (live.connection === 'stopped')
      return (
        <ErrorNote
          error={new ApiError(0, live.reason?.error ?? 'internal', live.reason?.message ?? '', {})}
        />
      )
    return <Loading label={t('editor.liveJoining')} />
  }
  return (
    <LiveEditing
      key={live.document.generation}
      org={org}
      space={space}
      path={path}
      live={live}
      document={live.document}
      onSaved={onSaved}
      onLeave={onLeave}
    />
  )
}

/**
 * After each commit of the session: the space's tree, the page's reads, and the sha Move and Delete
 * are based on are read again, so the page shows what was committed.
 */
function useFreshReads(org: string, space: string, path: string, commit: string | null) {
  const refresh = useRefreshAfterChange(org, space)
  const client = useQueryClient()
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    if (!commit) return
    void latest.current([path])
    void client.invalidateQueries({ queryKey: editorKeys.editable(org, space, path) })
  }, [client, org, space, path, commit])
}

/** Once the page left under the editor: the screen around it is told, and the space's tree read again. */
function useWhenGone(org: string, space: string, path: string, isGone: boolean, onGone: () => void) {
  const refresh = useRefreshAfterChange(org, space)
  const latest = useRef({ refresh, onGone })
  latest.current = { refresh, onGone }
  useEffect(() => {
    if (!isGone) return
    latest.current.onGone()
    void latest.current.refresh([path])
  }, [isGone, path])
}

/** Offers the screen around the editor a way to commit now, while the session is live. */
function useCommitNow(
  commitNow: RefObject<(() => Promise<void>) | undefined> | undefined,
  live: LiveSession,
) {
  const { connection, save } = live
  useEffect(() => {
    if (!commitNow) return
    commitNow.current = connection === 'live' ? () => save('').then(() => undefined) : undefined
    return () => {
      commitNow.current = undefined
    }
  })
}

/** The shared text's binding to CodeMirror: its own undo (this person's changes only) and the others' cursors. */
function useSharedText(document: LiveDocument) {
  return useMemo(() => {
    const undoManager = new Y.UndoManager(document.text)
    return {
      extension: [
        yCollab(document.text, null, { undoManager }),
        liveCursors(document.text, document.awareness),
      ],
      undo: keymap.of(yUndoManagerKeymap),
    }
  }, [document])
}

function LiveEditing({
  org,
  space,
  path,
  live,
  document,
  onSaved,
  onLeave,
}: {
  org: string
  space: string
  path: string
  live: LiveSession
  document: LiveDocument
  onSaved: () => void
  onLeave: () => void
}) {
  const { t } = useTranslation()
  const [text, onChange] = useSettledText(document)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [alreadySaved, setAlreadySaved] = useState<Extract<SaveAnswer, { type: 'saved' }>>()
  const [savedHere, setSavedHere] = useState(false)
  // The person's own edits, counted: "Saved" is said only when none came after the save was asked.
  const typed = useRef(0)
  const [isPreviewShown, setPreviewShown] = useState(false)
  const [mode, setMode] = useEditorMode()
  const editor = useRef<EditorHandle>(null)
  const tree = useSpaceTreeWhenIdle(org, space)
  const paths = useTreePaths(tree)
  const isMarkdown = path.toLowerCase().endsWith('.md')
  const isLive = isMarkdown && mode === 'live'
  const uploads = useUploads(org, space, path, (link) => editor.current?.insert(link))
  const writing = writingContext(org, space, path, tree, uploads.upload)
  const shared = useSharedText(document)
  const messageId = useId()
  const isReadOnly = !live.isWritable || live.readOnly !== undefined || live.connection === 'stopped'

  /**
   * Commits now. Save leaves the editor then; Ctrl+S keeps it open, as it does in every editor: a
   * writer presses it out of habit in the middle of a sentence.
   */
  async function save(leave: boolean) {
    if (busy || isReadOnly) return
    setBusy(true)
    setError(undefined)
    setAlreadySaved(undefined)
    setSavedHere(false)
    const typedBefore = typed.current
    const answer = await live.save(message)
    setBusy(false)
    // Nothing was left to commit (the session had committed the text by itself): the message typed
    // went into no commit. Closing the editor would lose it without a word, and clearing the field
    // would too; it stays in the field, and the note says it was not used and which commit already
    // holds the text, so the person can Save with it after a further change, or copy it.
    if (answer.type === 'saved' && answer.commit === null && message.trim()) setAlreadySaved(answer)
    else if (answer.type === 'saved' && leave) onSaved()
    else if (answer.type === 'saved') {
      setMessage('')
      setSavedHere(typed.current === typedBefore)
    } else if (answer.type === 'offline')
      setError(new ApiError(0, 'network', t('editor.liveNotConnected'), {}))
    // A refusal shows above the editor, as every refused commit of the session does.
  }
  useSaveShortcut(() => void save(false))
  const refresh = useRefreshAfterChange(org, space)
  const [isLeavingOffline, setLeavingOffline] = useState(false)
  /**
   * Done: what this person typed and the server has not committed yet is committed first, so the
   * page shown next holds it (committed after, as the last person left, the page showed the text of
   * before). Not connected, the editor stays and says what leaving would mean.
   */
  async function done() {
    if (busy) return
    if (!live.isDirty || isReadOnly) return onLeave()
    setBusy(true)
    setError(undefined)
    const answer = await live.save('')
    setBusy(false)
    if (answer.type === 'offline') return setLeavingOffline(true)
    // Refused (a secret, or put off): said above the editor already, and the text waits in the log.
    if (answer.type === 'saved') await refresh([path])
    onLeave()
  }
  useLeaveWarning(live.isDirty && live.connection !== 'live')
  // "Saved" holds until the person writes again.
  useEffect(() => {
    const onEdit = (_event: unknown, transaction: { local: boolean }) => {
      if (!transaction.local) return
      typed.current++
      setSavedHere(false)
    }
    document.text.observe(onEdit)
    return () => document.text.unobserve(onEdit)
  }, [document])

  return (
    <div className="page-editor live-editor">
      <div className="live-bar">
        <LiveState live={live} />
        <PeopleInPage awareness={document.awareness} />
      </div>
      {live.isRestored && (
        <p className="draft-notice" role="status">
          {t('editor.draftRestored')}
        </p>
      )}
      {isReadOnly && (
        <p className="live-read-only" role="status">
          {live.connection === 'stopped' && live.reason
            ? stoppedText(live.reason, t)
            : (live.readOnly?.message ?? t('editor.cannotWrite'))}
        </p>
      )}
      {live.refused && <LiveRefusal refused={live.refused} text={document.text.toString()} />}
      <EditorToolbar
        onFiles={!isReadOnly ? uploads.upload : undefined}
        isMarkdown={isMarkdown}
        mode={mode}
        onModeChange={setMode}
        isPreviewShown={isPreviewShown}
        onTogglePreview={() => setPreviewShown((shown) => !shown)}
      />
      {uploads.status}
      <div className={panesClass(isMarkdown && !isLive, isPreviewShown)}>
        <div className="editor-pane">
          <MarkdownEditor
            key={String(isReadOnly)}
            initial={document.text.toString()}
            label={t('editor.pageText')}
            onChange={onChange}
            onFiles={isReadOnly ? undefined : uploads.upload}
            handle={editor}
            shared={shared}
            writing={isMarkdown && !isReadOnly ? writing : undefined}
            page={{ org, space, path, paths }}
            isLivePreview={isLive}
            readOnly={isReadOnly}
          />
          <p className="hint">{t('editor.uploadHint')}</p>
        </div>
        {isMarkdown && !isLive && <SidePreview text={text} context={{ org, space, path, paths }} />}
      </div>
      <CommitMessage id={messageId} value={message} onChange={setMessage} />
      {alreadySaved && <AlreadySaved answer={alreadySaved} />}
      {savedHere && (
        <p className="live-already-saved" role="status">
          {t('editor.liveSavedHere')}
        </p>
      )}
      <ErrorNote error={error} />
      {isLeavingOffline && live.isDirty && live.connection !== 'live' && (
        <div className="live-leave-offline" role="alert">
          <p>{t('editor.liveLeaveOffline')}</p>
          <button type="button" onClick={onLeave}>
            {t('editor.liveLeaveAnyway')}
          </button>
        </div>
      )}
      <div className="toolbar editor-actions">
        <button
          type="button"
          className="primary"
          disabled={busy || isReadOnly}
          onClick={() => void save(true)}
        >
          {busy ? t('editor.saving') : t('common.save')}
        </button>
        <button type="button" disabled={busy} onClick={() => void done()}>
          {t('editor.done')}
        </button>
        <span className="hint">{t('editor.liveSaveHint')}</span>
      </div>
    </div>
  )
}

/** Save found nothing left to commit: everything was already saved, and the message was not used. */
function AlreadySaved({ answer }: { answer: Extract<SaveAnswer, { type: 'saved' }> }) {
  const { t } = useTranslation()
  const { holder } = answer
  return (
    <p className="live-already-saved" role="status">
      {holder
        ? t('editor.liveAlreadySavedIn', { message: holder.message, author: holder.author })
        : t('editor.liveAlreadySaved')}{' '}
      {t('editor.liveMessageUnused')}
    </p>
  )
}

/** How long typing pauses before the text is passed on to what shows it beside the editor. */
const TEXT_SETTLE_MS = 150

/**
 * The shared text as the screen around the editor shows it (Source's side preview), and what the
 * editor calls on each change: it is read and passed on once typing pauses, not on every key, which
 * would copy the page and render this whole screen again between two keystrokes.
 */
function useSettledText(document: LiveDocument): [string, (read: () => string) => void] {
  const [text, setText] = useState(() => document.text.toString())
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const onChange = useMemo(
    () => (read: () => string) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setText(read()), TEXT_SETTLE_MS)
    },
    [],
  )
  return [text, onChange]
}
