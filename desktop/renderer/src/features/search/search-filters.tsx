import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { spacesQuery } from '../space/queries.ts'
import type { SearchRequest } from './queries.ts'

/** The filters of a search: which spaces (none ticked: all), words only or meaning too, a pattern. */
export function SearchFilters({
  request,
  onChange,
}: {
  request: SearchRequest
  onChange: (change: Partial<SearchRequest>) => void
}) {
  const { t } = useTranslation()
  const spaces = useQuery(spacesQuery)
  const many = new Set((spaces.data ?? []).map((s) => s.organization)).size > 1
  const toggle = (key: string, isOn: boolean) =>
    onChange({ spaces: isOn ? [...request.spaces, key] : request.spaces.filter((s) => s !== key) })
  return (
    <form className="search-filters" aria-label={t('search.filters')} onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>{t('search.spaces')}</legend>
        <ErrorNote error={spaces.error} onRetry={() => void spaces.refetch()} />
        {(spaces.data ?? []).map((space) => {
          const key = `${space.organization}/${space.slug}`
          return (
            <label key={key} className="inline">
              <input
                type="checkbox"
                checked={request.spaces.includes(key)}
                onChange={(event) => toggle(key, event.target.checked)}
              />
              {many ? `${space.name} (${space.organization})` : space.name}
            </label>
          )
        })}
        {request.spaces.length === 0 ? (
          <p className="hint">{t('search.allSpaces')}</p>
        ) : (
          <button type="button" className="link small" onClick={() => onChange({ spaces: [] })}>
            {t('search.clearSpaces')}
          </button>
        )}
      </fieldset>
      <label>
        {t('search.mode')}
        <select
          value={request.mode}
          onChange={(event) => onChange({ mode: event.target.value === 'text' ? 'text' : 'auto' })}
        >
          <option value="auto">{t('search.modes.auto')}</option>
          <option value="text">{t('search.modes.text')}</option>
        </select>
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={request.regex}
          onChange={(event) => onChange({ regex: event.target.checked })}
        />
        {t('search.regex')}
      </label>
    </form>
  )
}
