import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { canWriteAs, spacesQuery, useSpace } from '../space/queries.ts'
import { useMoveNote } from './mutations.ts'
import type { InboxItemWithBody } from './queries.ts'

/** `Move`: send a note to another space where the person can write, then open it there. */
export function MoveNote({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [target, setTarget] = useState('')
  const spaces = useQuery({ ...spacesQuery, enabled: open })
  const writable = (spaces.data ?? []).filter(
    (s) => canWriteAs(s.role) && !(s.organization === org && s.slug === space),
  )
  const move = useMoveNote(org, space, item.name, async (to) => {
    setOpen(false)
    await navigate({ to: '/s/$org/$space/inbox/$name', params: { ...to, name: item.name } })
  })
  const chosen = target || (writable[0] ? `${writable[0].organization}/${writable[0].slug}` : '')
  return (
    <>
      <button
        type="button"
        onClick={() => {
          move.reset()
          setOpen(true)
        }}
      >
        {t('inbox.move.open')}
      </button>
      <Dialog title={t('inbox.move.title')} open={open} onClose={() => setOpen(false)}>
        {spaces.isPending && <Loading />}
        <ErrorNote error={spaces.error} onRetry={() => void spaces.refetch()} />
        {spaces.data && writable.length === 0 && <Empty>{t('inbox.move.none')}</Empty>}
        {writable.length > 0 && (
          <Form
            onSubmit={() => {
              if (chosen) move.mutate(chosen)
            }}
          >
            <label>
              {t('inbox.move.to')}
              <select value={chosen} onChange={(event) => setTarget(event.target.value)}>
                {writable.map((s) => (
                  <option key={`${s.organization}/${s.slug}`} value={`${s.organization}/${s.slug}`}>
                    {s.organization === org ? s.name : `${s.name} (${s.organization})`}
                  </option>
                ))}
              </select>
            </label>
            <SubmitBar
              error={move.error}
              pending={move.isPending}
              label={t('inbox.move.submit')}
              onCancel={() => setOpen(false)}
            />
          </Form>
        )}
      </Dialog>
    </>
  )
}
