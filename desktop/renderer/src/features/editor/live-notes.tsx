import { Link } from '@tanstack/react-router'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { LiveError } from '#shared/domain/collab-wire.ts'
import { FindingDetails, findingOfRefusal } from './secret-dialog.tsx'
import type { LiveSession } from './use-live-session.ts'

/** The one line said above the editor when no live session could be joined: saving is by Save. */
export function LiveUnavailable({ reason }: { reason?: LiveError }) {
  const { t } = useTranslation()
  return (
    <p className="live-unavailable" role="status">
      {t('editor.liveUnavailable')}
      {reason && reason.error !== 'internal' && <span className="muted"> {reason.message}</span>}
    </p>
  )
}

/**
 * Why the server refused the text, in the editor's words: the API's own message speaks of requests
 * to resend, which a person typing has none of.
 */
export function refusalText(refused: LiveError, t: TFunction): string {
  if (refused.error === 'secret_detected') return t('editor.liveSecretFound')
  if (refused.error === 'too_large') return t('editor.liveTooLarge')
  return `${refused.message} ${t('editor.liveNothingCommitted')}`
}

/**
 * Why the session stopped: the server's words. What reached the page before was kept; nothing says
 * "nothing was committed" here, which a refused commit says.
 */
export function stoppedText(reason: LiveError, t: TFunction): string {
  if (reason.error === 'secret_detected' || reason.error === 'too_large') return refusalText(reason, t)
  return reason.message
}

/** Where the session stands, quietly: live and committed, committing soon, or reconnecting. */
export function LiveState({ live }: { live: LiveSession }) {
  const { t } = useTranslation()
  const said =
    live.connection === 'reconnecting'
      ? t('editor.liveReconnecting')
      : live.connection === 'stopped'
        ? t('editor.liveStopped')
        : live.refused
          ? t('editor.liveNotCommitted')
          : live.isDirty
            ? t('editor.liveSaving')
            : t('editor.liveSaved')
  return (
    <p className={`live-state ${live.connection}`} role="status">
      <span className="live-dot" aria-hidden="true" />
      {said}
    </p>
  )
}

/**
 * A commit the server refused (a secret found, or too large): the finding, as a save refused shows
 * it, and that nothing was committed. It stays until a commit goes through.
 */
export function LiveRefusal({ refused, text }: { refused: LiveError; text: string }) {
  const { t } = useTranslation()
  const isSecret = refused.error === 'secret_detected'
  return (
    <section className="live-refusal" role="alert" aria-label={t('editor.liveRefusedTitle')}>
      <h2>{isSecret ? t('editor.secretTitle') : t('editor.liveRefusedTitle')}</h2>
      <p>{refusalText(refused, t)}</p>
      {isSecret && (
        <FindingDetails finding={findingOfRefusal(refused)} texts={{ content: text, message: '' }} />
      )}
      <p className="hint">{isSecret ? t('editor.liveSecretHint') : t('editor.liveTooLargeHint')}</p>
    </section>
  )
}

/**
 * The page left under the editor (moved or deleted): said in the app's language, with the way to
 * its new place when it was moved (what was typed went with it), or to the note that kept what was
 * not saved yet, when there was anything to keep.
 */
export function LiveGone(props: {
  gone: LiveError & { note?: string | null; moved?: string }
  org: string
  space: string
}) {
  const { gone, org, space } = props
  const { t } = useTranslation()
  if (gone.moved)
    return (
      <div className="state live-gone" role="alert">
        <p>{t('editor.liveMoved', { path: gone.moved })}</p>
        <div className="toolbar">
          <Link to="/s/$org/$space/edit/$" params={{ org, space, _splat: gone.moved }}>
            {t('editor.editThere')}
          </Link>
        </div>
      </div>
    )
  return (
    <div className="state live-gone" role="alert">
      <p>{gone.note ? t('editor.liveGoneKept') : t('editor.liveGoneSaved')}</p>
      <div className="toolbar">
        {gone.note && (
          <Link to="/s/$org/$space/inbox" params={{ org, space }}>
            {t('editor.openInbox')}
          </Link>
        )}
        <Link to="/s/$org/$space" params={{ org, space }}>
          {t('editor.backToSpace')}
        </Link>
      </div>
    </div>
  )
}
