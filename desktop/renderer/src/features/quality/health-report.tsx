import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDay } from '../../components/format.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { healthQuery } from './queries.ts'
import './quality.css'
import { VerifyButton } from './verify-dialog.tsx'

const DEFAULT_MONTHS = 6

type Section = 'broken' | 'orphans' | 'empty' | 'untitled' | 'stale' | 'due' | 'unowned'

/** The wiki health report of a space: what needs care, section by section, each page linked. */
export function HealthReport() {
  const { t, i18n } = useTranslation()
  const { org, space } = useSpace()
  const day = (value: string | null) => (value ? formatDay(value, i18n.language) : '–')
  const [monthsText, setMonthsText] = useState(String(DEFAULT_MONTHS))
  const parsed = Number(monthsText)
  const months = Number.isInteger(parsed) && parsed >= 1 && parsed <= 120 ? parsed : DEFAULT_MONTHS
  const report = useQuery(healthQuery(org, space, months))
  const data = report.data
  const count = (section: Section) => data?.counts[section] ?? 0

  return (
    <div className="health">
      <h1>{t('quality.title')}</h1>
      <p className="muted">{t('quality.intro')}</p>
      <div className="toolbar">
        <label className="inline">
          {t('quality.months')}
          <input
            type="number"
            min={1}
            max={120}
            value={monthsText}
            onChange={(e) => setMonthsText(e.target.value)}
            aria-describedby="health-months-hint"
            className="health-months"
          />
        </label>
        <span id="health-months-hint" className="hint">
          {t('quality.monthsHint')}
        </span>
      </div>
      {report.isPending && <Loading />}
      <ErrorNote error={report.error} onRetry={() => void report.refetch()} />
      {data && (
        <div className="health-sections">
          <HealthSection section="broken" count={count('broken')} shown={data.broken.length}>
            {data.broken.map((b) => (
              <li key={`${b.page}|${b.link}`}>
                <PageLink path={b.page} /> <span className="muted">{t('quality.linksTo')}</span>{' '}
                <code>{b.link}</code>
                {b.suggestion && (
                  <span className="health-suggestion">
                    {' · '}
                    {t('quality.suggestion')} <PageLink path={b.suggestion} />
                  </span>
                )}
              </li>
            ))}
          </HealthSection>
          <PathSection section="orphans" count={count('orphans')} paths={data.orphans} />
          <PathSection section="empty" count={count('empty')} paths={data.empty} />
          <PathSection section="untitled" count={count('untitled')} paths={data.untitled} />
          <HealthSection section="stale" count={count('stale')} shown={data.stale.length}>
            {data.stale.map((s) => (
              <Row key={s.page} path={s.page}>
                <span className="muted small">{t('quality.lastChanged', { date: day(s.date) })}</span>
              </Row>
            ))}
          </HealthSection>
          <HealthSection section="due" count={count('due')} shown={data.due.length}>
            {data.due.map((d) => (
              <Row key={d.path} path={d.path} verify>
                <span className="muted small">
                  {t('quality.dueLine', {
                    owner: d.owner ?? t('quality.noOwner'),
                    verified: day(d.verified),
                    due: day(d.due),
                  })}
                </span>
              </Row>
            ))}
          </HealthSection>
          <HealthSection section="unowned" count={count('unowned')} shown={data.unowned.length}>
            {data.unowned.map((path) => (
              <Row key={path} path={path} verify />
            ))}
          </HealthSection>
        </div>
      )}
    </div>
  )
}

/** One section of the report: a heading with its count, a hint, the entries or "All clear". */
function HealthSection({
  section,
  count,
  shown,
  children,
}: {
  section: Section
  count: number
  shown: number
  children: ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <section aria-labelledby={id} className="card health-section">
      <h2 id={id}>
        {t(`quality.sections.${section}`)}{' '}
        <span className={count > 0 ? 'badge stale' : 'badge'}>{count}</span>
      </h2>
      <p className="hint">{t(`quality.hints.${section}`)}</p>
      {count === 0 ? (
        <p className="health-clear">{t('quality.allClear')}</p>
      ) : (
        <>
          <ul className="list">{children}</ul>
          {shown < count && <p className="hint">{t('quality.showing', { shown, count })}</p>}
        </>
      )}
    </section>
  )
}

function PathSection({ section, count, paths }: { section: Section; count: number; paths: string[] }) {
  return (
    <HealthSection section={section} count={count} shown={paths.length}>
      {paths.map((path) => (
        <Row key={path} path={path} />
      ))}
    </HealthSection>
  )
}

/** A page of a section, with what the section says about it and, for reviews, the Verify button. */
function Row({ path, verify, children }: { path: string; verify?: boolean; children?: ReactNode }) {
  const { org, space } = useSpace()
  return (
    <li className="health-row">
      <span>
        <PageLink path={path} /> {children}
      </span>
      {verify && <VerifyButton org={org} space={space} path={path} />}
    </li>
  )
}

function PageLink({ path }: { path: string }) {
  const { org, space } = useSpace()
  return (
    <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: path }}>
      {path}
    </Link>
  )
}
