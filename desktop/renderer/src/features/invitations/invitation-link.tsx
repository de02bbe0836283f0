import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { DAY_MS, INVITATION_MS } from '#shared/domain/limits.ts'
import { useCopy } from '../../components/use-copy.ts'

/** A new invitation's link, shown this once, with a button to copy it. */
export function InvitationLink({ email, link, mailed }: { email: string; link: string; mailed: boolean }) {
  const { t } = useTranslation()
  // Shown once, in place of the form the person was in: the link takes the focus, read out with what
  // it is for.
  const { field, copied, copy } = useCopy<HTMLInputElement>(link, { isShownOnce: true })
  const saidId = useId()
  return (
    <section className="invitation-link" aria-labelledby="invitation-link-title">
      <h3 id="invitation-link-title">{t(mailed ? 'invitations.linkTitle' : 'invitations.linkMadeTitle')}</h3>
      <p id={saidId}>
        {t(mailed ? 'invitations.linkSent' : 'invitations.linkNotMailed', {
          email,
          days: INVITATION_MS / DAY_MS,
        })}
      </p>
      <div className="link-row">
        <input
          ref={field}
          readOnly
          aria-label={t('invitations.link')}
          aria-describedby={saidId}
          value={link}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="primary" onClick={() => void copy()}>
          {copied === 'yes' ? t('common.copied') : t('common.copy')}
        </button>
      </div>
      <p className="small" role="status">
        {copied === 'failed' && t('invitations.copyByHand')}
      </p>
      <p className="hint">{t('invitations.linkOnce')}</p>
    </section>
  )
}
