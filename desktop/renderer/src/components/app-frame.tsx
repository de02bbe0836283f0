import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLanguageOf } from '../app/i18n.ts'
import { useMe, useSignOut } from '../app/session.ts'
import { useDesktop } from '../features/desktop/use-desktop.ts'
import { Welcome } from '../features/desktop/welcome.tsx'
import { QuickSwitcher } from '../features/navigation/quick-switcher.tsx'
import { ShortcutsDialog } from '../features/navigation/shortcuts-dialog.tsx'
import { isFromEditable } from './editable-target.ts'
import { Form } from './form.tsx'
import { SectionLink } from './section-link.tsx'
import { Loading } from './states.tsx'

/**
 * The frame of every signed-in screen: the header (home, search, the quick switcher, account) and the
 * screen itself; `?` lists the keyboard shortcuts.
 * On the desktop's first start, the welcome screen comes first, alone.
 */
export function AppFrame() {
  const me = useMe()
  useLanguageOf(me.locale)
  const { t } = useTranslation()
  const signOut = useSignOut()
  const desktop = useDesktop()
  if (desktop?.needs_identity) return <Welcome person={desktop.person} />
  return (
    <div className="app">
      <SectionLink className="skip" to="main">
        {t('common.nav.skip')}
      </SectionLink>
      <header className="app-head">
        <Link to="/" className="brand">
          {t('common.appName')}
        </Link>
        <SearchBox />
        <QuickSwitcher />
        <nav aria-label={t('common.nav.main')} className="app-nav">
          <Link to="/">{t('common.nav.home')}</Link>
          {/* The desktop has one person: no instance of accounts to administer. */}
          {me.is_superadmin && !desktop && <Link to="/admin">{t('common.nav.instance')}</Link>}
          {desktop && <Link to="/desktop">{t('desktop.nav')}</Link>}
          <Link to="/account">{t('common.nav.account')}</Link>
          {/* The desktop engine keeps the person signed in: there is nothing to sign out of. */}
          {!desktop && (
            <button type="button" className="link" onClick={() => void signOut()}>
              {t('common.nav.signOut')}
            </button>
          )}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <ShortcutsDialog />
    </div>
  )
}

/** The search box of every screen; `/` focuses it from anywhere but a text field. */
function SearchBox() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const current = useRouterState({
    select: (state) =>
      state.location.pathname === '/search' ? (state.location.search as { q?: string }).q : undefined,
  })
  const [text, setText] = useState(current ?? '')
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => setText(current ?? ''), [current])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return
      if (isFromEditable(event)) return
      event.preventDefault()
      input.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  return (
    <search className="app-search">
      <Form
        onSubmit={() => {
          if (text.trim()) void navigate({ to: '/search', search: (prev) => ({ ...prev, q: text.trim() }) })
        }}
      >
        <input
          ref={input}
          type="search"
          aria-label={t('common.nav.search')}
          placeholder={`${t('common.nav.search')} (/)`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Form>
    </search>
  )
}
