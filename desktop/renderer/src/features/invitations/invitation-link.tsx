import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DAY_MS, INVITATION_MS } from '#shared/domain/limits.ts'

/** A new invitation's link, shown this once, with a button to copy it. */
export function InvitationLink({ email, link, mailed }: { email: string; link: string; mailed: boolean }) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('yes')
    } catch {
      // No clipboard (an insecure address, a refused permission): select it for the person to copy.
      input.current?.select()
      setCopied('failed')
    }
  }
  return (
    <section className="invitation-link" aria-labelledby="invitation-link-title">
      <h3 id="invitation-link-title">{t(mailed ? 'invitations.linkTitle' : 'invitations.linkMadeTitle')}</h3>
      <p>
        {t(mailed ? 'invitations.linkSent' : 'invitations.linkNotMailed', {
          email,
          days: INVITATION_MS / DAY_MS,
        })}
      </p>
      <div className="link-row">
        <input
          ref={input}
          readOnly
          aria-label={t('invitations.link')}
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
