import './navigation.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { organizationsQuery } from '../organization/queries.ts'
import { useSpace } from '../space/queries.ts'
import { ancestorsOf, baseNameOf } from '../space/tree-model.ts'

/** Crumb links are active only on their exact address, so only the last crumb is the current place. */
const EXACT = { exact: true }

/**
 * Where a page or a folder sits: the organization (its settings for its admins, else the home
 * screen), the space, each folder above, then the place itself, current and not a link. `path` is
 * the page's path, or the folder's when `isFolder`; `title` names the place.
 */
export function Breadcrumbs({ path, title, isFolder }: { path: string; title: string; isFolder?: boolean }) {
  const { t } = useTranslation()
  const { org, space, details } = useSpace()
  const orgs = useQuery(organizationsQuery)
  const organization = orgs.data?.find((entry) => entry.slug === org)
  const folders = ancestorsOf(isFolder ? `${path}/_` : path).filter((folder) => folder !== path)
  return (
    <nav aria-label={t('navigation.breadcrumb')} className="breadcrumbs">
      <ol>
        <li>
          {organization?.role === 'admin' ? (
            <Link to="/org/$org" params={{ org }} activeOptions={EXACT}>
              {organization.name}
            </Link>
          ) : (
            <Link to="/" activeOptions={EXACT}>
              {organization?.name ?? org}
            </Link>
          )}
        </li>
        <li>
          <Link to="/s/$org/$space" params={{ org, space }} activeOptions={EXACT}>
            {details.name}
          </Link>
        </li>
        {folders.map((folder) => (
          <li key={folder}>
            <Link to="/s/$org/$space" params={{ org, space }} search={{ folder }} activeOptions={EXACT}>
              {baseNameOf(folder)}
            </Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  )
}
