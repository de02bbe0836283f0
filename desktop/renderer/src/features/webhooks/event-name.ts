import { useTranslation } from 'react-i18next'

/** An event's name in the person's language (the API's names hold dots, which i18n reads as nesting). */
export function useEventName() {
  const { t } = useTranslation()
  return (event: string) => t(`webhooks.names.${event.replace('.', '_')}`, { defaultValue: event })
}
