import { useTranslation } from 'react-i18next'
import type { AiSettings } from './queries.ts'

/** US dollars, as the server counts them. */
export function dollars(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(value)
}

/** The month's spend against the monthly budget. */
export function SpendMeter({ settings }: { settings: AiSettings }) {
  const { t, i18n } = useTranslation()
  const spent = dollars(settings.month_spent, i18n.language)
  const budget = settings.monthly_budget
  if (budget === null) {
    return (
      <p className="spend">
        {t('organization.spentNoBudget', { spent })}
        {!settings.metered && <span className="hint"> {t('organization.notMetered')}</span>}
      </p>
    )
  }
  const share = Math.min(1, settings.month_spent / budget)
  return (
    <div className="spend">
      <p id="ai-spend-label">
        {t('organization.spentOf', { spent, budget: dollars(budget, i18n.language) })}
      </p>
      <meter
        aria-labelledby="ai-spend-label"
        min={0}
        max={budget}
        low={budget * 0.75}
        high={budget * 0.9}
        optimum={0}
        value={settings.month_spent}
      />
      {share >= 1 && <p className="warn small">{t('organization.budgetReached')}</p>}
    </div>
  )
}
