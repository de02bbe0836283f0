import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../components/select-field.tsx'
import type catalog from './locales.ts'

type ProviderName = keyof typeof catalog.en.providers

/** A provider's select and the model's name, side by side, before any further `children` fields. */
export function ProviderFields<P extends ProviderName>({
  providers,
  provider,
  onProvider,
  model,
  onModel,
  modelPlaceholder,
  children,
}: {
  providers: readonly P[]
  provider: P
  onProvider: (provider: P) => void
  model: string
  onModel: (model: string) => void
  modelPlaceholder: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="grid-fields">
      <SelectField
        label={t('organization.provider')}
        value={provider}
        onChange={(event) => onProvider(event.target.value as P)}
      >
        {providers.map((value) => (
          <option key={value} value={value}>
            {t(`organization.providers.${value as ProviderName}`)}
          </option>
        ))}
      </SelectField>
      <label>
        {t('organization.model')}
        <input
          required
          maxLength={200}
          autoComplete="off"
          placeholder={modelPlaceholder}
          value={model}
          onChange={(event) => onModel(event.target.value)}
        />
      </label>
      {children}
    </div>
  )
}
