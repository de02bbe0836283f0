import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PagePanel } from './page-panel.tsx'
import { relatedQuery } from './queries.ts'

/** The pages closest to a page, each with why in plain words. */
export function RelatedPages({ org, space, path }: { org: string; space: string; path: string }) {
  const { t } = useTranslation()
  return (
    <PagePanel
      org={org}
      space={space}
      className="related"
      title={t('space.related')}
      empty={t('space.noRelated')}
      pages={useQuery(relatedQuery(org, space, path))}
      more={(page) => (
        <span className="small muted">
          {page.label}
          {page.linked && ` · ${t('space.alreadyLinked')}`}
        </span>
      )}
    />
  )
}
