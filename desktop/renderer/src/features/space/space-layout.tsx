import './space.css'
import { useQuery } from '@tanstack/react-query'
import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { Suspense, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../../components/states.tsx'
import { organizationsQuery } from '../organization/queries.ts'
import { PageTree } from './page-tree.tsx'
import { useSpace } from './queries.ts'
import { ScreenBoundary } from './screen-boundary.tsx'
import { useTabsInView } from './tabs-scroll.ts'
import { useTreeDrawer } from './tree-drawer.ts'

/**
 * A space: its name, its sections, the page tree beside the open screen. On a phone the tree folds
 * into a drawer that the `Pages` button opens.
 */
export function SpaceLayout() {
  const { t } = useTranslation()
  const { org, space, details, isAdmin, canWrite } = useSpace()
  // The organization by its name, as the breadcrumbs call it (its slug until the list is read).
  const orgs = useQuery(organizationsQuery)
  const orgName =
    orgs.data?.find((entry) => entry.slug === details.organization)?.name ?? details.organization
  // The screen shown, not the address asked for: during a navigation the old screen is still drawn.
  const shown = useRouterState({ select: (state) => state.matches.at(-1)?.id ?? '' })
  const drawer = useTreeDrawer()
  const treeId = useId()
  const tabs = useRef<HTMLElement>(null)
  // On a narrow screen the sections scroll sideways: the open one in view, the hidden ones hinted at.
  useTabsInView(tabs, shown)
  const params = { org, space }
  return (
    <div className="space">
      <header className="space-head">
        <p className="small muted">{orgName}</p>
        {/* Each screen's own heading is the level-one heading: the space's name leads home. */}
        <p className="space-name">
          <Link to="/s/$org/$space" params={params}>
            {details.name}
          </Link>
        </p>
        <nav ref={tabs} aria-label={t('space.sections')} className="tabs">
          <Link to="/s/$org/$space" params={params} activeOptions={{ exact: true }}>
            {t('space.pages')}
          </Link>
          <Link to="/s/$org/$space/inbox" params={params}>
            {t('space.inbox')}
          </Link>
          <Link to="/s/$org/$space/tidy" params={params}>
            {t('space.tidy')}
          </Link>
          {canWrite && (
            <Link to="/s/$org/$space/routines" params={params}>
              {t('space.routines')}
            </Link>
          )}
          <Link to="/s/$org/$space/health" params={params}>
            {t('space.health')}
          </Link>
          <Link to="/s/$org/$space/trash" params={params}>
            {t('space.trash')}
          </Link>
          {isAdmin && (
            <Link to="/s/$org/$space/settings" params={params}>
              {t('space.settings')}
            </Link>
          )}
        </nav>
      </header>
      <div className="space-body">
        <button
          ref={drawer.buttonRef}
          type="button"
          className="tree-toggle"
          aria-expanded={drawer.isOpen}
          aria-controls={treeId}
          onClick={drawer.toggle}
        >
          <span aria-hidden="true">☰</span> {t('space.openTree')}
        </button>
        <aside
          ref={drawer.panelRef}
          id={treeId}
          tabIndex={-1}
          className={drawer.isOpen ? 'space-tree open' : 'space-tree'}
          aria-label={t('space.tree')}
        >
          {/* Tapping beside the drawer closes it too, but nothing shows that: this button does. */}
          <button type="button" className="tree-close" onClick={drawer.close}>
            <span aria-hidden="true">✕</span> {t('space.closeTree')}
          </button>
          <Suspense fallback={<Loading />}>
            <PageTree />
          </Suspense>
        </aside>
        <section className="space-main">
          {/* One page's content must not take the space, or the app, down with it. */}
          <ScreenBoundary resetKey={shown} fallback={<ScreenFailed />}>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </ScreenBoundary>
        </section>
      </div>
    </div>
  )
}

/** What a space screen that failed to render says: the rest of the space still works. */
function ScreenFailed() {
  const { t } = useTranslation()
  return (
    <div className="state error" role="alert">
      <p>{t('space.screenFailed')}</p>
    </div>
  )
}
