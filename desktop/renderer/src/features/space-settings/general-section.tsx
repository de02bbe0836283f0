import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { REVIEW_INTERVALS } from '../quality/review-intervals.ts'
import { useSpace } from '../space/queries.ts'
import { useUpdateSpaceDetails } from './mutations.ts'
import { Saved, SettingsSection } from './section.tsx'

/** Name, description and the default review interval of the space's pages. */
export function GeneralSection() {
  const { t } = useTranslation()
  const { org, space, details } = useSpace()
  const [name, setName] = useState(details.name)
  const [description, setDescription] = useState(details.description)
  const [reviewEvery, setReviewEvery] = useState(details.review_every)
  const save = useUpdateSpaceDetails(org, space)
  const intervals = [
    ...REVIEW_INTERVALS,
    ...(details.review_every && !REVIEW_INTERVALS.includes(details.review_every)
      ? [details.review_every]
      : []),
  ]
  return (
    <SettingsSection title={t('space-settings.general.title')}>
      <Form onSubmit={() => save.mutate({ name: name.trim(), description, review_every: reviewEvery })}>
        <label>
          {t('space-settings.general.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
        </label>
        <label>
          {t('space-settings.general.description')}
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
        </label>
        <label>
          {t('space-settings.general.reviewEvery')}
          <select value={reviewEvery} onChange={(e) => setReviewEvery(e.target.value)}>
            <option value="">{t('space-settings.general.noReview')}</option>
            {intervals.map((value) => (
              <option key={value} value={value}>
                {REVIEW_INTERVALS.includes(value) ? t(`quality.verify.intervals.${value}`) : value}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">{t('space-settings.general.reviewHint')}</p>
        <SubmitBar error={save.error} pending={save.isPending}>
          <Saved shown={save.isSuccess} />
        </SubmitBar>
      </Form>
    </SettingsSection>
  )
}
