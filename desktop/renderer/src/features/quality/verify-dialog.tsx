import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { type FileRead, fileQuery, spaceQuery } from '../space/queries.ts'
import { useVerifyPage } from './mutations.ts'
import { REVIEW_INTERVALS } from './review-intervals.ts'

type Freshness = NonNullable<FileRead['freshness']>

/**
 * The page view's Verify button (contributors and admins, Markdown pages only) and its dialog:
 * owner, review interval, and whether to mark the page verified today.
 */
export function VerifyButton({ org, space, path }: { org: string; space: string; path: string }) {
  const { t } = useTranslation()
  const { role } = useSuspenseQuery(spaceQuery(org, space)).data
  const [open, setOpen] = useState(false)
  if (role === 'reader' || !path.toLowerCase().endsWith('.md')) return null
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {t('quality.verify.button')}
      </button>
      <Dialog title={t('quality.verify.title')} open={open} onClose={() => setOpen(false)}>
        {open && <VerifyForm org={org} space={space} path={path} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  )
}

function VerifyForm(props: { org: string; space: string; path: string; onDone: () => void }) {
  // The page as the page view reads it (one request and one invalidation for both), though fresh for
  // the app's usual time rather than the page view's.
  const { staleTime: _pageViewStaleTime, ...pageRead } = fileQuery(props.org, props.space, props.path)
  const file = useQuery(pageRead)
  if (file.isPending) return <Loading />
  if (file.error) return <ErrorNote error={file.error} onRetry={() => void file.refetch()} />
  const freshness = file.data.freshness
  return <VerifyFields {...props} freshness={freshness} />
}

function VerifyFields({
  org,
  space,
  path,
  freshness,
  onDone,
}: {
  org: string
  space: string
  path: string
  freshness: Freshness | undefined
  onDone: () => void
}) {
  const { t } = useTranslation()
  const me = useMe()
  const spaceDefault = useSuspenseQuery(spaceQuery(org, space)).data.review_every
  // The freshness tells the interval in force: the page's own only when it differs from the space's.
  const own = freshness && freshness.review_every !== spaceDefault ? freshness.review_every : ''
  const [owner, setOwner] = useState(freshness?.owner ?? me.username)
  const [reviewEvery, setReviewEvery] = useState(own)
  const [verify, setVerify] = useState(true)
  const id = useId()
  const save = useVerifyPage(org, space, path, onDone)
  const intervals = [...REVIEW_INTERVALS, ...(own && !REVIEW_INTERVALS.includes(own) ? [own] : [])]
  return (
    <Form
      onSubmit={() => save.mutate({ owner: owner.trim() || undefined, review_every: reviewEvery, verify })}
    >
      <p className="muted small">{path}</p>
      <label>
        {t('quality.verify.owner')}
        <input value={owner} onChange={(e) => setOwner(e.target.value)} maxLength={200} autoComplete="off" />
      </label>
      <label>
        {t('quality.verify.reviewEvery')}
        <select value={reviewEvery} onChange={(e) => setReviewEvery(e.target.value)}>
          <option value="">
            {spaceDefault
              ? t('quality.verify.spaceDefaultIs', { value: intervalLabel(spaceDefault, t) })
              : t('quality.verify.spaceDefault')}
          </option>
          {intervals.map((value) => (
            <option key={value} value={value}>
              {intervalLabel(value, t)}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={verify}
          onChange={(e) => setVerify(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        {t('quality.verify.markVerified')}
      </label>
      <p id={`${id}-hint`} className="hint">
        {t('quality.verify.markVerifiedHint')}
      </p>
      <SubmitBar error={save.error} pending={save.isPending} onCancel={onDone} />
    </Form>
  )
}

/** A review interval in words when it is one of the usual ones, else as written. */
export function intervalLabel(value: string, t: (key: string) => string): string {
  return REVIEW_INTERVALS.includes(value) ? t(`quality.verify.intervals.${value}`) : value
}
