import { useTranslation } from 'react-i18next'
import { InputField } from '../../components/input-field.tsx'

/** The provider's address: the super admin's to set (it decides where keys are sent); shown to others. */
export function BaseUrl({
  value,
  onChange,
  editable,
  needed,
}: {
  value: string
  onChange: (value: string) => void
  editable: boolean
  needed: boolean
}) {
  const { t } = useTranslation()
  if (!editable) {
    if (!value && !needed) return null
    return (
      <p className="small">
        {t('common.labelled', { label: t('organization.baseUrl') })}{' '}
        {value ? <code>{value}</code> : t('organization.baseUrlUnset')}{' '}
        <span className="hint">{t('organization.baseUrlReserved')}</span>
      </p>
    )
  }
  return (
    <InputField
      label={t('organization.baseUrl')}
      type="text"
      inputMode="url"
      autoComplete="off"
      placeholder="https://llm.example.com/v1"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={t('organization.baseUrlHint')}
    />
  )
}
