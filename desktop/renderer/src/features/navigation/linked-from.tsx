import './navigation.css'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PagePanel } from '../space/page-panel.tsx'
import { backlinksQuery } from './queries.ts'

/** The pages of the space that link to a page, by title. */
export function LinkedFrom({ org, space, path }: { org: string; space: string; path: string }) {
  const { t } = useTranslation()
  return (
    <PagePanel
      org={org}
      space={space}
      className="linked-from"
      title={t('navigation.linkedFrom')}
      empty={t('navigation.noBacklinks')}
      pages={useQuery(backlinksQuery(org, space, path))}
    />
  )
}
