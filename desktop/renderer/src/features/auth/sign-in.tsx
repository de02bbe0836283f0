import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../app/document-title.ts'
import { useSignIn } from '../../app/session.ts'
import { Form } from '../../components/form.tsx'
import { PendingButton } from '../../components/pending-button.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { signInProvidersQuery } from './queries.ts'
import { ssoErrorKey } from './sso-errors.ts'
import './auth.css'

/** Where to go after signing in: the page asked for, if it is one of the app's own. */
function safeNext(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/sign-in')) return '/'
  return next
}

/** The address that begins a sign-in at a provider; the server brings the browser back to `next`. */
function startUrl(start: string, next: string): string {
  const url = new URL(start, window.location.origin)
  url.searchParams.set('next', next)
  return url.href
}

/**
 * The sign-in screen: username and password, or a single sign-on provider, then back to the page
 * that was asked for. A sign-in that failed at a provider comes back here with its reason.
 */
export function SignIn() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.signIn'))
  const { next, sso_error: ssoError } = useSearch({ from: '/sign-in' })
  const navigate = useNavigate()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const providers = useQuery(signInProvidersQuery)
  const signIn = useSignIn(async () => {
    const target = safeNext(next)
    // The OAuth consent page is served by the server, not by this app: load it for real.
    if (target.startsWith('/oauth/')) window.location.assign(target)
    else await navigate({ href: target, replace: true })
  })
  const error = signIn.error
  return (
    <main className="sign-in" id="main">
      <div className="card narrow">
        <Form onSubmit={() => signIn.mutate({ username, password })}>
          <h1>{t('auth.title')}</h1>
          {ssoError !== undefined && (
            <p className="state error" role="alert">
              {t(ssoErrorKey(ssoError))}
            </p>
          )}
          <label>
            {t('auth.username')}
            <input
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </label>
          <label>
            {t('auth.password')}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <ErrorNote error={error} />
          <div className="sign-in-actions">
            <PendingButton type="submit" className="primary" pending={signIn.isPending}>
              {signIn.isPending ? t('auth.signingIn') : t('auth.submit')}
            </PendingButton>
            <Link to="/forgot-password" className="small">
              {t('auth.forgot')}
            </Link>
          </div>
        </Form>
        {providers.data && providers.data.length > 0 && (
          <div className="sso-providers">
            <p className="separator muted small">{t('auth.or')}</p>
            {providers.data.map((provider) => (
              <button
                key={provider.slug}
                type="button"
                onClick={() => window.location.assign(startUrl(provider.start_url, safeNext(next)))}
              >
                {t('auth.withProvider', { name: provider.name })}
              </button>
            ))}
          </div>
        )}
      </div>
    </main>
  )
}
