import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SectionLink } from '../../components/section-link.tsx'
import { type CreatedSpace, NewSpaceButton } from '../organization/new-space-dialog.tsx'
import { organizationsQuery } from '../organization/queries.ts'
import { spacesQuery } from '../space/queries.ts'
import { byName } from './queries.ts'

/**
 * What a new instance needs before anyone can write: an organization, then a space in it, then
 * people. Shown while the instance has no space (and until the first space is opened).
 */
export function FirstSteps() {
  const { t, i18n } = useTranslation()
  const orgs = useQuery(organizationsQuery)
  const spaces = useQuery(spacesQuery)
  const [created, setCreated] = useState<CreatedSpace | null>(null)
  if (!orgs.data || !spaces.data) return null
  if (spaces.data.length > 0 && !created) return null
  const first = byName(orgs.data, i18n.language)[0]
  return (
    <section className="card admin-section first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">{t('instance.firstSteps')}</h2>
      <ol>
        <li className={first ? 'step done-step' : 'step'}>
          {first ? (
            t('instance.stepOrgDone', { name: first.name })
          ) : (
            <SectionLink to="new-org-title">{t('instance.stepOrg')}</SectionLink>
          )}
        </li>
        <li className={created ? 'step done-step' : 'step'}>
          {created ? (
            <>
              {t('instance.stepSpaceDone', { name: created.name })}{' '}
              <Link to="/s/$org/$space" params={{ org: created.organization, space: created.slug }}>
                {t('instance.openSpace', { name: created.name })}
              </Link>
            </>
          ) : (
            <>
              {t('instance.stepSpace')}{' '}
              {first && (
                <NewSpaceButton
                  org={first.slug}
                  orgName={first.name}
                  label={t('instance.createFirstSpaceOf', { name: first.name })}
                  onCreated={setCreated}
                />
              )}
            </>
          )}
        </li>
        <li className="step">{t('instance.stepPeople')}</li>
      </ol>
    </section>
  )
}
