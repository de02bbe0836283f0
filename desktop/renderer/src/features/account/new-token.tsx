import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { PendingButton } from '../../components/pending-button.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { organizationsQuery } from '../organization/queries.ts'
import { spacesQuery } from '../space/queries.ts'
import { useCreateToken } from './mutations.ts'
import { TokenSecret } from './token-secret.tsx'
import { groupSpaces, preselectedSpaces, spaceRef } from './token-spaces.ts'

/** The lifetime a new token is offered, in days (the person may empty it for none). */
const DEFAULT_DAYS = '90'

/** Creates a personal token: name, lifetime, read-only or not, and the spaces it may reach. */
export function NewToken() {
  const { i18n } = useTranslation()
  const orgs = useQuery(organizationsQuery)
  const spaces = useQuery(spacesQuery)
  if (orgs.isPending || spaces.isPending) return <Loading />
  if (orgs.error || spaces.error) {
    return (
      <ErrorNote
        error={orgs.error ?? spaces.error}
        onRetry={() => void Promise.all([orgs.refetch(), spaces.refetch()])}
      />
    )
  }
  const groups = groupSpaces(spaces.data, orgs.data, i18n.language)
  return <NewTokenForm groups={groups} />
}

function NewTokenForm({ groups }: { groups: ReturnType<typeof groupSpaces> }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [days, setDays] = useState(DEFAULT_DAYS)
  const [readOnly, setReadOnly] = useState(false)
  const [allSpaces, setAllSpaces] = useState(false)
  const [chosen, setChosen] = useState(() => new Set(preselectedSpaces(groups)))
  const toggle = (ref: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(ref)
      else next.delete(ref)
      return next
    })
  const create = useCreateToken(() => setName(''))
  const noSpace = !allSpaces && chosen.size === 0
  return (
    <>
      {create.data && <TokenSecret token={create.data} onDone={() => create.reset()} />}
      <Form
        className="inline-form new-token"
        aria-labelledby="new-token-title"
        onSubmit={() => {
          if (!noSpace)
            create.mutate({
              name: name.trim(),
              days: days.trim() === '' ? null : Number(days),
              read_only: readOnly,
              // No `spaces` at all: every space, including those created later.
              ...(allSpaces ? {} : { spaces: [...chosen] }),
            })
        }}
      >
        <h3 id="new-token-title">{t('account.newToken')}</h3>
        <div className="grid-fields">
          <label>
            {t('account.tokenName')}
            <input
              required
              maxLength={200}
              autoComplete="off"
              placeholder={t('account.tokenNamePlaceholder')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <InputField
            label={t('account.expiresIn')}
            type="number"
            min="1"
            max="3650"
            step="1"
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            hint={t('account.expiresInHint')}
          />
        </div>
        <label className="inline">
          <input type="checkbox" checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} />
          {t('account.readOnlyLabel')}
        </label>
        <fieldset className="token-spaces">
          <legend>{t('account.spaces')}</legend>
          <label className="inline">
            <input
              type="checkbox"
              checked={allSpaces}
              onChange={(event) => setAllSpaces(event.target.checked)}
            />
            {t('account.allSpaces')}
          </label>
          {groups.length > 1 && !allSpaces && (
            <p className="hint">{t('account.preselected', { name: groups[0]?.name })}</p>
          )}
          {groups.length === 0 && <p className="hint">{t('account.noSpaces')}</p>}
          {groups.map((group) => (
            <fieldset key={group.slug} disabled={allSpaces} className="org-spaces">
              <legend>{group.name}</legend>
              {group.spaces.map((space) => {
                const ref = spaceRef(space)
                return (
                  <label key={ref} className="inline">
                    <input
                      type="checkbox"
                      checked={allSpaces || chosen.has(ref)}
                      onChange={(event) => toggle(ref, event.target.checked)}
                    />
                    {space.name}
                  </label>
                )
              })}
            </fieldset>
          ))}
          {noSpace && groups.length > 0 && <p className="warn small">{t('account.chooseSpace')}</p>}
        </fieldset>
        <ErrorNote error={create.error} />
        <PendingButton type="submit" className="primary" pending={create.isPending} disabled={noSpace}>
          {t('account.createToken')}
        </PendingButton>
      </Form>
    </>
  )
}
