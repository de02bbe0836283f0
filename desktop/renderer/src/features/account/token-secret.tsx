import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A new token's secret, shown this once, with a button to copy it. */
export function TokenSecret({
  token,
  onDone,
}: {
  token: { name: string; token: string }
  onDone: () => void
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token)
      setCopied('yes')
    } catch {
      // No clipboard (an insecure address, a refused permission): select it for the person to copy.
      input.current?.select()
      setCopied('failed')
    }
  }
  return (
    <section className="token-secret" aria-labelledby="token-secret-title">
      <h3 id="token-secret-title">{t('account.secretTitle', { name: token.name })}</h3>
      <p className="warn">{t('account.secretOnce')}</p>
      <div className="secret-row">
        <input
          ref={input}
          readOnly
          aria-label={t('account.secret')}
          value={token.token}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="primary" onClick={() => void copy()}>
          {copied === 'yes' ? t('common.copied') : t('common.copy')}
        </button>
      </div>
      <p className="small" role="status">
        {copied === 'yes' && t('account.copiedNote')}
        {copied === 'failed' && t('account.copyByHand')}
      </p>
      <p className="hint">{t('account.secretUse')}</p>
      <button type="button" onClick={onDone}>
        {t('account.secretDone')}
      </button>
    </section>
  )
}
