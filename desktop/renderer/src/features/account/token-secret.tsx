import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useCopy } from '../../components/use-copy.ts'

/** A new token's secret, shown this once, with a button to copy it. */
export function TokenSecret({
  token,
  onDone,
}: {
  token: { name: string; token: string }
  onDone: () => void
}) {
  const { t } = useTranslation()
  // Shown once, above the form the person was in: the secret takes the focus, read out with the
  // warning that it is shown once.
  const { field, copied, copy } = useCopy<HTMLInputElement>(token.token, { isShownOnce: true })
  const onceId = useId()
  return (
    <section className="token-secret" aria-labelledby="token-secret-title">
      <h3 id="token-secret-title">{t('account.secretTitle', { name: token.name })}</h3>
      <p className="warn" id={onceId}>
        {t('account.secretOnce')}
      </p>
      <div className="secret-row">
        <input
          ref={field}
          readOnly
          aria-label={t('account.secret')}
          aria-describedby={onceId}
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
