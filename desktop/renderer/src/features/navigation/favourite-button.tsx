import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { useFavourite } from './mutations.ts'
import type { PageRef } from './queries.ts'

/** A toggle button keeping a page among the person's favourites (pressed when it is one). */
export function FavouriteButton({ page }: { page: PageRef }) {
  const { t } = useTranslation()
  const { isFavourite, toggle, error } = useFavourite(page)
  return (
    <>
      <button type="button" className="favourite" aria-pressed={isFavourite} onClick={toggle}>
        <span aria-hidden="true">{isFavourite ? '★' : '☆'}</span> {t('navigation.favourite')}
      </button>
      <ErrorNote error={error} />
    </>
  )
}
