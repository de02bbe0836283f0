import { useTranslation } from 'react-i18next'

/** The name and description of an organization or a space. */
export function NameFields({
  name,
  onName,
  description,
  onDescription,
}: {
  name: string
  onName: (name: string) => void
  description: string
  onDescription: (description: string) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <label>
        {t('organization.name')}
        <input
          required
          maxLength={200}
          value={name}
          onChange={(event) => {
            // Spaces alone pass `required` and are refused by the server in its own words: said here.
            const isBlank = event.target.value !== '' && event.target.value.trim() === ''
            event.target.setCustomValidity(isBlank ? t('organization.nameBlank') : '')
            onName(event.target.value)
          }}
        />
      </label>
      <label>
        {t('organization.description')}
        <textarea
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => onDescription(event.target.value)}
        />
      </label>
    </>
  )
}
