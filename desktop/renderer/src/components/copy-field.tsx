import './copy-field.css'
import { useTranslation } from 'react-i18next'
import { Done } from './done.tsx'
import { useCopy } from './use-copy.ts'

/**
 * A value to copy (a password shown once, an address to register elsewhere): read-only, with a
 * `Copy` button; without a clipboard the value is selected for the person to copy by hand.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  const { field, copied, copy } = useCopy<HTMLInputElement>(value)
  return (
    <div className="copy-field">
      <div className="copy-row">
        <input
          ref={field}
          readOnly
          aria-label={label}
          value={value}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          {copied === 'yes' ? t('common.copied') : t('common.copy')}
        </button>
      </div>
      {copied === 'failed' && (
        <p className="hint" role="status">
          {t('common.copyByHand')}
        </p>
      )}
    </div>
  )
}

/**
 * A secret shown this once, in a dialog: what was done, that it will not be shown again (`hint`),
 * the secret to copy, and `Close`.
 */
export function SecretShownOnce({
  done,
  hint,
  label,
  value,
  onClose,
}: {
  done: string
  hint: string
  label: string
  value: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <Done>{done}</Done>
      <p className="hint">{hint}</p>
      <CopyField label={label} value={value} />
      <div className="toolbar">
        <button type="button" className="primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </>
  )
}
