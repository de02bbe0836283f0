import { useTranslation } from 'react-i18next'
import type { ApiError } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'

/**
 * Where the server saw a likely secret: its rules, the line, and in which text (`other`: the path,
 * the owner or the author, which the server's message names and which have no lines to show).
 */
export type Finding = { message: string; rules: string; line: number; field: 'content' | 'message' | 'other' }

/** The finding of a `secret_detected` error (its body's extra fields). */
export function findingOf(error: ApiError): Finding {
  return findingFrom(error.message, error.data)
}

/** The finding of a live session's refused commit (the server's error, with its extra fields). */
export function findingOfRefusal(refusal: {
  message: string
  rules?: string
  line?: number
  field?: string
}): Finding {
  return findingFrom(refusal.message, refusal)
}

function findingFrom(message: string, { rules, line, field }: Record<string, unknown>): Finding {
  return {
    message,
    rules: typeof rules === 'string' ? rules : '',
    line: typeof line === 'number' ? line : 0,
    field: field === 'message' ? 'message' : field === undefined || field === 'content' ? 'content' : 'other',
  }
}

const EXCERPT_MAX = 160

/** Which rules found the secret, and the line they point at, quoted from the text it is in. */
export function FindingDetails({
  finding,
  texts,
}: {
  finding: Finding
  texts: { content: string; message: string }
}) {
  const { t } = useTranslation()
  const text = finding.field !== 'other' ? texts[finding.field] : ''
  const lines = text.split(/\r\n|\r|\n/)
  const excerpt = finding.line > 0 ? (lines[finding.line - 1] ?? '') : ''
  return (
    <dl className="finding">
      {finding.rules && (
        <>
          <dt>{t('editor.secretRules')}</dt>
          <dd>{finding.rules}</dd>
        </>
      )}
      {finding.line > 0 && finding.field !== 'other' && (
        <>
          <dt>
            {finding.field === 'message'
              ? t('editor.secretInMessage', { line: finding.line })
              : t('editor.secretInPage', { line: finding.line })}
          </dt>
          <dd>
            <code>{excerpt.length > EXCERPT_MAX ? `${excerpt.slice(0, EXCERPT_MAX)}…` : excerpt}</code>
          </dd>
        </>
      )}
    </dl>
  )
}

/**
 * The save was refused because the text seems to hold a secret: the server's message, the rule
 * and the line it points at, and the choice to save anyway or go back and remove it.
 */
export function SecretDialog({
  finding,
  texts,
  busy,
  onSaveAnyway,
  onCancel,
}: {
  finding: Finding | undefined
  texts: { content: string; message: string }
  busy: boolean
  onSaveAnyway: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog title={t('editor.secretTitle')} open={finding !== undefined} onClose={onCancel}>
      {finding && (
        <>
          <p role="alert">{finding.message}</p>
          <FindingDetails finding={finding} texts={texts} />
          <p className="hint">{t('editor.secretHint')}</p>
          <div className="toolbar">
            <button type="button" className="danger" disabled={busy} onClick={onSaveAnyway}>
              {t('editor.saveAnyway')}
            </button>
            <button type="button" disabled={busy} onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  )
}
