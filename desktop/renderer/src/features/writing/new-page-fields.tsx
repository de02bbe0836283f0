import './new-page.css'
import { type RefObject, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { PageTemplate } from './templates.ts'

/** Keys that change the text in the editor without an `input` event (its own commands handle them). */
const EDITING_KEYS = new Set(['Enter', 'Backspace', 'Delete'])

/**
 * Calls `onWritten` the first time the person changes anything inside `area` (typing, pasting,
 * dropping or uploading a file, a key the editor handles itself): from then on, what is there is
 * theirs, and no title or template may start it over. Events from inside the editor's shadow root
 * reach `area` as they bubble out of it.
 */
export function useFirstWrite(area: RefObject<HTMLElement | null>, onWritten: () => void): void {
  const latest = useRef(onWritten)
  latest.current = onWritten
  useEffect(() => {
    const element = area.current
    if (!element) return
    // What is typed in the editor's find panel writes nothing in the page.
    const inPanel = (event: Event) =>
      event.composedPath().some((node) => node instanceof HTMLElement && node.classList.contains('cm-panels'))
    const written = (event: Event) => {
      if (!inPanel(event)) latest.current()
    }
    const key = (event: KeyboardEvent) => {
      if (EDITING_KEYS.has(event.key)) written(event)
    }
    const kinds = ['input', 'change', 'paste', 'drop'] as const
    for (const kind of kinds) element.addEventListener(kind, written, true)
    element.addEventListener('keydown', key, true)
    return () => {
      for (const kind of kinds) element.removeEventListener(kind, written, true)
      element.removeEventListener('keydown', key, true)
    }
  }, [area])
}

/**
 * The top of the new page screen: its `Title` (the file name follows it), its `Path` (shown, and
 * changed by hand when wanted), and the space's templates to start from (`Template`), when it has
 * some. A template can only start a page nothing was written in yet.
 */
export function NewPageFields({
  title,
  onTitle,
  path,
  pathLabel,
  pathHint,
  onPath,
  templates,
  template,
  onTemplate,
  isWritten,
  focusTitle,
}: {
  title: string
  onTitle: (title: string) => void
  path: string
  /** The path field's name and hint, the editor's words (other screens' tests find it by them). */
  pathLabel: string
  pathHint: string
  onPath: (path: string) => void
  templates: readonly PageTemplate[]
  template: string
  onTemplate: (name: string) => void
  isWritten: boolean
  focusTitle: boolean
}) {
  const { t } = useTranslation()
  const id = useId()
  const titleField = useRef<HTMLInputElement>(null)
  // A new page is named first (a link to a missing page already says where it goes: no focus taken).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the screen opens.
  useEffect(() => {
    if (focusTitle) titleField.current?.focus()
  }, [])

  return (
    <div className="new-page-fields">
      <div className="field new-page-title">
        <label htmlFor={`${id}-title`}>{t('writing.newPage.title')}</label>
        <input
          id={`${id}-title`}
          ref={titleField}
          value={title}
          onChange={(event) => onTitle(event.target.value)}
          aria-describedby={`${id}-title-hint`}
          autoComplete="off"
        />
        <p id={`${id}-title-hint`} className="hint">
          {t('writing.newPage.titleHint')}
        </p>
      </div>
      {templates.length > 0 && (
        <div className="field new-page-template">
          <label htmlFor={`${id}-template`}>{t('writing.newPage.template')}</label>
          <select
            id={`${id}-template`}
            value={template}
            disabled={isWritten}
            aria-describedby={isWritten ? `${id}-template-hint` : undefined}
            onChange={(event) => onTemplate(event.target.value)}
          >
            <option value="">{t('writing.newPage.blank')}</option>
            {templates.map((choice) => (
              <option key={choice.name} value={choice.name}>
                {choice.title}
              </option>
            ))}
          </select>
          {isWritten && (
            <p id={`${id}-template-hint`} className="hint">
              {t('writing.newPage.templateLocked')}
            </p>
          )}
        </div>
      )}
      <div className="field new-page-path">
        <label htmlFor={`${id}-path`}>{pathLabel}</label>
        <input
          id={`${id}-path`}
          value={path}
          onChange={(event) => onPath(event.target.value)}
          aria-describedby={`${id}-path-hint`}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <p id={`${id}-path-hint`} className="hint">
          {pathHint}
        </p>
      </div>
    </div>
  )
}
