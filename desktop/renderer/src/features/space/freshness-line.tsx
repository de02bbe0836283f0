import { useTranslation } from 'react-i18next'
import { formatDay } from '../../components/format.ts'
import type { FileRead } from './queries.ts'

type Freshness = NonNullable<FileRead['freshness']>

/** A page's freshness in one line: verified, due for review or never verified; owner and dates. */
export function FreshnessLine({ freshness }: { freshness: Freshness }) {
  const { t, i18n } = useTranslation()
  const { state, owner, verified_at, review_due } = freshness
  return (
    <p className="freshness small">
      <span className={state === 'never' ? 'badge' : `badge ${state}`}>{t(`common.freshness.${state}`)}</span>
      <span>{owner ? t('space.owner', { owner }) : t('space.noOwner')}</span>
      {verified_at && <span>{t('space.verifiedOn', { date: formatDay(verified_at, i18n.language) })}</span>}
      {review_due && <span>{t('space.reviewDue', { date: formatDay(review_due, i18n.language) })}</span>}
    </p>
  )
}
