import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'

/** One part of the settings: a card named by its heading (tests and screen readers find it by it). */
export function SettingsSection({
  id,
  title,
  hint,
  wide,
  children,
}: {
  /** An anchor other screens can link to (`#conflicts`). */
  id?: string
  title: string
  hint?: ReactNode
  /** Across the whole width (conflicts show two versions side by side). */
  wide?: boolean
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={wide ? 'card settings-section wide' : 'card settings-section'}
    >
      <h2 id={titleId}>{title}</h2>
      {hint && <p className="hint">{hint}</p>}
      {children}
    </section>
  )
}

/** Says a change was saved, politely, where the person looks (beside the button). */
export function Saved({ shown, children }: { shown: boolean; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <span role="status" className="settings-saved">
      {shown ? (children ?? t('space-settings.saved')) : ''}
    </span>
  )
}
