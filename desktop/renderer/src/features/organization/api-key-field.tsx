import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { InputField } from '../../components/input-field.tsx'

/** A provider's API key: never shown, only replaced; the hint says whether one is stored. */
export function ApiKeyField({
  value,
  onChange,
  hasKey,
  disabled,
  more,
}: {
  value: string
  onChange: (value: string) => void
  hasKey: boolean
  disabled?: boolean
  /** Said after the hint. */
  more?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <InputField
      label={t('organization.apiKey')}
      type="password"
      autoComplete="new-password"
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={
        <>
          {hasKey ? t('organization.keySet') : t('organization.keyNone')}
          {more}
        </>
      }
    />
  )
}
