import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSignIn } from '../../app/session.ts'
import { Form } from '../../components/form.tsx'
import { ErrorNote } from '../../components/states.tsx'
import './auth.css'

/** Where to go after signing in: the page asked for, if it is one of the app's own. */
function safeNext(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/sign-in')) return '/'
  return next
}

/** The sign-in screen: username and password, then back to the page that was asked for. */
export function SignIn() {
  const { t } = useTranslation()
  const { next } = useSearch({ from: '/sign-in' })
  const navigate = useNavigate()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const signIn = useSignIn(async () => {
    const target = safeNext(next)
    // The OAuth consent page is served by the server, not by this app: load it for real.
    if (target.startsWith('/oauth/')) window.location.assign(target)
    else await navigate({ href: target, replace: true })
  })
  const error = signIn.error
  return (
    <main className="sign-in" id="main">
      <Form className="card narrow" onSubmit={() => signIn.mutate({ username, password })}>
        <h1>{t('auth.title')}</h1>
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
          <button type="submit" className="primary" disabled={signIn.isPending}>
            {signIn.isPending ? t('auth.signingIn') : t('auth.submit')}
          </button>
          <Link to="/forgot-password" className="small">
            {t('auth.forgot')}
          </Link>
        </div>
      </Form>
    </main>
  )
}
