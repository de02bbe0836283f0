import './copy-field.css'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A value to copy (a password shown once, an address to register elsewhere): read-only, with a
 * `Copy` button; without a clipboard the value is selected for the person to copy by hand.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('yes')
    } catch {
      input.current?.select()
      setCopied('failed')
    }
  }
  return (
    <div className="copy-field">
      <div className="copy-row">
        <input
          ref={input}
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
