import './editor.css'
import { useQuery } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { whenIdle } from '../../app/idle.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import type { PageContext } from '../../markdown/resolve-links.ts'
import { SectionedMarkdown } from '../../markdown/sectioned-markdown.tsx'
import { treeQuery } from '../space/queries.ts'
import type { WritingContext } from '../writing/context.ts'
import { useHeadingFollowsTitle } from '../writing/heading-follows-title.ts'
import { clearDraft, writeDraft } from './drafts.ts'
import { EditorToolbar } from './editor-toolbar.tsx'
import { readEditable, saveFile } from './file-api.ts'
import { useLeaveWarning } from './leave-warning.ts'
import { useEditorMode } from './live-preview/mode.ts'
import { type EditorHandle, MarkdownEditor } from './markdown-editor.tsx'
import { useRefreshAfterChange } from './mutations.ts'
import { type Finding, findingOf, SecretDialog } from './secret-dialog.tsx'
import { useUploads } from './uploads.tsx'

/** The side-by-side merge of a conflict, fetched when one happens: most editing never needs its code. */
const MergeChanges = lazy(() =>
  import('./merge-changes.tsx').then(({ MergeChanges }) => ({ default: MergeChanges })),
)

/** One save as sent: what a `Save anyway` resends, what a conflict merges from. */
type Attempt = { content: string; baseSha: string }

/** A conflict being merged: the version saved meanwhile and the person's side. */
type Merge = { theirs: string; sha: string; mine: string }

/** Waits this long after the last keystroke before copying the draft to sessionStorage. */
const DRAFT_DELAY_MS = 250

/**
 * The editing screen's body, shared by `Edit` and `New page`: the page rendered in place as it is
 * written (or, in Source, its Markdown beside a preview), a commit message, Save (Ctrl/Cmd+S), uploads, and what a refused save needs (merge a conflict,
 * confirm a possible secret). What the person typed is kept in sessionStorage until saved.
 */
export function PageEditor({
  org,
  space,
  path,
  initial,
  pristine,
  baseSha,
  initialMessage,
  draftKey,
  isNew,
  title,
  submitLabel,
  before,
  notice,
  checkPath,
  onSaved,
  onCancel,
}: {
  org: string
  space: string
  /** Where the text is saved (for a new page: the path typed so far). */
  path: string
  initial: string
  /** The text as saved (what a draft differs from; `''` for a new page). */
  pristine: string
  /** The sha the edit started from (`''` for a new page). */
  baseSha: string
  initialMessage: string
  draftKey: string
  isNew: boolean
  /** A new page's title field: the title in its text follows it (see useHeadingFollowsTitle). */
  title?: string
  submitLabel: string
  /** Fields above the editor (the new page's path). */
  before?: ReactNode
  /** Said above the editor (a restored draft). */
  notice?: ReactNode
  /** A reason not to save yet (an empty path), said instead of saving. */
  checkPath?: () => string | undefined
  /** Told where the text was saved, and whether it was by Ctrl/Cmd+S, which people press to go on writing. */
  onSaved: (path: string, how: { byShortcut: boolean }) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const refresh = useRefreshAfterChange(org, space)
  const [text, setText] = useState(initial)
  const [message, setMessage] = useState(initialMessage)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [finding, setFinding] = useState<Finding>()
  const [merge, setMerge] = useState<Merge>()
  const [isPreviewShown, setPreviewShown] = useState(false)
  const [mode, setMode] = useEditorMode()
  const attempt = useRef<Attempt>({ content: initial, baseSha })
  const byShortcut = useRef(false)
  const editor = useRef<EditorHandle>(null)
  const tree = useSpaceTreeWhenIdle(org, space)
  const paths = useTreePaths(tree)
  const isMarkdown = isNew || path.toLowerCase().endsWith('.md')
  const isLive = isMarkdown && mode === 'live'
  const uploads = useUploads(org, space, path, (link) => editor.current?.insert(link))
  const writing = writingContext(org, space, path, tree, uploads.upload)
  const messageId = useId()
  useHeadingFollowsTitle(editor, title, text)
  // Saved or cancelled, the screen is on its way out: nothing is left to ask about.
  const [isLeaving, setLeaving] = useState(false)
  useLeaveWarning(!isLeaving && (merge ? merge.mine : text) !== pristine)

  // A reload or a crash loses nothing: the draft follows the text. The base stays the one read, so a
  // draft saved later on a changed page is merged, never written over the other person's version.
  const isSaved = useRef(false)
  useEffect(() => {
    const timer = setTimeout(() => {
      if (isSaved.current) return
      const mine = merge ? merge.mine : text
      if (mine === pristine && message === '') clearDraft(draftKey)
      else writeDraft(draftKey, { text: mine, baseSha, message, path })
    }, DRAFT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draftKey, text, merge, pristine, baseSha, message, path])

  async function save(next: Attempt, allowSecrets = false) {
    const reason = checkPath?.()
    if (reason) {
      setError(new ApiError(400, 'invalid', reason, {}))
      return
    }
    attempt.current = next
    setBusy(true)
    setError(undefined)
    try {
      const saved = await saveFile(org, space, path, { ...next, message, allowSecrets })
      isSaved.current = true
      setLeaving(true)
      clearDraft(draftKey)
      setFinding(undefined)
      onSaved(saved.path, { byShortcut: byShortcut.current })
      void refresh([saved.path])
    } catch (caught) {
      await explain(caught, next)
    } finally {
      setBusy(false)
    }
  }

  async function explain(caught: unknown, next: Attempt) {
    if (caught instanceof ApiError && caught.code === 'secret_detected') {
      setFinding(findingOf(caught))
      return
    }
    setFinding(undefined)
    if (caught instanceof ApiError && caught.status === 409 && !isNew) {
      // Changed (or deleted) meanwhile: merge against what is there now.
      const current = await readEditable(org, space, path).catch(() => null)
      if (current !== null && (current?.sha ?? '') !== next.baseSha) {
        setMerge({ theirs: current?.text ?? '', sha: current?.sha ?? '', mine: next.content })
        return
      }
    }
    setError(caught)
  }

  const saveNow = (fromShortcut = false) => {
    // A file still being sent would be linked after the text was saved: the save waits for it.
    if (busy || uploads.isSending) return
    byShortcut.current = fromShortcut
    if (merge) void save({ content: merge.mine, baseSha: merge.sha })
    else void save({ content: text, baseSha: attempt.current.baseSha })
  }
  useSaveShortcut(() => saveNow(true))

  const cancel = () => {
    isSaved.current = true
    setLeaving(true)
    clearDraft(draftKey)
    // The text that linked the files uploaded meanwhile is given up: so are they, once those under
    // way landed (in the background: the screen moves on at once).
    void uploads.takeBack()
    onCancel()
  }

  const secretDialog = (
    <SecretDialog
      finding={finding}
      texts={{ content: attempt.current.content, message }}
      busy={busy}
      onSaveAnyway={() => void save(attempt.current, true)}
      onCancel={() => setFinding(undefined)}
    />
  )

  if (merge)
    return (
      <div className="page-editor">
        <Suspense fallback={<Loading />}>
          <MergeChanges
            key={merge.sha}
            theirs={merge.theirs}
            mine={merge.mine}
            busy={busy}
            onChange={(mine) => setMerge((open) => open && { ...open, mine })}
            onSave={() => saveNow()}
            onCancel={() => {
              setText(merge.mine)
              setMerge(undefined)
            }}
          >
            <CommitMessage id={messageId} value={message} onChange={setMessage} />
            <ErrorNote error={error} />
          </MergeChanges>
        </Suspense>
        {secretDialog}
      </div>
    )

  return (
    <div className="page-editor">
      {before}
      {notice}
      <EditorToolbar
        onFiles={uploads.upload}
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
            initial={text}
            label={t('editor.pageText')}
            onChange={(read) => setText(read())}
            onFiles={uploads.upload}
            handle={editor}
            writing={isMarkdown ? writing : undefined}
            page={{ org, space, path, paths }}
            isLivePreview={isLive}
            holding={busy}
          />
          <p className="hint">{t('editor.uploadHint')}</p>
        </div>
        {isMarkdown && !isLive && <SidePreview text={text} context={{ org, space, path, paths }} />}
      </div>
      <CommitMessage id={messageId} value={message} onChange={setMessage} />
      <ErrorNote error={error} />
      <div className="toolbar editor-actions">
        <button
          type="button"
          className="primary"
          disabled={busy || uploads.isSending}
          onClick={() => saveNow()}
        >
          {busy ? t('editor.saving') : submitLabel}
        </button>
        <button type="button" disabled={busy} onClick={cancel}>
          {t('common.cancel')}
        </button>
        <span className="hint">{t('editor.saveShortcut')}</span>
      </div>
      {secretDialog}
    </div>
  )
}

/** How long typing pauses before the side preview renders the text again. */
const PREVIEW_PAUSE_MS = 300

/**
 * Source's preview beside the text, rendered again once typing pauses: part by part and behind the
 * typing (SectionedMarkdown), so that a long page's preview never holds a keystroke back for the
 * time it takes to render the whole page (half a second at 5,000 lines).
 */
export function SidePreview({ text, context }: { text: string; context: PageContext }) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), PREVIEW_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <section className="preview-pane" aria-label={t('editor.preview')}>
      <SectionedMarkdown text={shown} context={context} />
    </section>
  )
}

/** The editor's panes: the text alone, or (Markdown in Source) beside its preview, one at a time when narrow. */
export function panesClass(hasPreview: boolean, isPreviewShown: boolean): string {
  if (!hasPreview) return 'editor-panes text-only'
  return `editor-panes${isPreviewShown ? ' previewing' : ''}`
}

type TreeEntries = { path: string; title: string | null }[] | undefined

/** The space's file paths, the same array as long as the tree is the same (wiki links resolve against it). */
export function useTreePaths(tree: TreeEntries): string[] | undefined {
  const last = useRef<{ tree: TreeEntries; paths: string[] | undefined }>({
    tree: undefined,
    paths: undefined,
  })
  if (last.current.tree !== tree) last.current = { tree, paths: tree?.map((entry) => entry.path) }
  return last.current.paths
}

/** How long the writing aids wait for the browser to be idle before reading the space's tree anyway. */
const TREE_IDLE_TIMEOUT_MS = 1_000

/**
 * The space's whole tree for the writing aids (page completion, wiki links), read once the editor is
 * up and the browser idle: in a large space it is a megabyte to parse, which would otherwise compete
 * with the first keystrokes. A tree already read shows at once.
 */
export function useSpaceTreeWhenIdle(org: string, space: string): TreeEntries {
  const [isWanted, setWanted] = useState(false)
  useEffect(() => {
    if (!isWanted) return whenIdle(() => setWanted(true), TREE_IDLE_TIMEOUT_MS)
  }, [isWanted])
  return useQuery({ ...treeQuery(org, space), enabled: isWanted }).data
}

/** What the writing aids know of the page being written: where it is, the space's pages, uploads beside it. */
export function writingContext(
  org: string,
  space: string,
  path: string,
  tree: TreeEntries,
  upload: (files: File[]) => void,
): WritingContext {
  return {
    org,
    space,
    path,
    pages: () =>
      (tree ?? []).flatMap((entry) =>
        entry.title === null ? [] : [{ path: entry.path, title: entry.title }],
      ),
    upload,
  }
}

/** Ctrl+S (⌘S) calls the latest `save`, wherever the focus is on the screen. */
export function useSaveShortcut(save: () => void) {
  const latest = useRef(save)
  latest.current = save
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault()
        latest.current()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}

/** The optional commit message, with what the history says when it is left empty. */
export function CommitMessage({
  id,
  value,
  onChange,
}: {
  id: string
  value: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="commit-message">
      <label>
        <span>
          {t('editor.commitMessage')} <span className="muted small">({t('editor.optional')})</span>
        </span>
        <input
          value={value}
          maxLength={2000}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </label>
      <p id={`${id}-hint`} className="hint">
        {t('editor.commitHint')}
      </p>
    </div>
  )
}
