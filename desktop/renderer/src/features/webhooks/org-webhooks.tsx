import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { WEBHOOK_EVENTS } from '#shared/domain/webhook-events.ts'
import { ConfirmButton } from '../../components/confirm-button.tsx'
import { Done } from '../../components/done.tsx'
import { formatDate } from '../../components/format.ts'
import { Section } from '../../components/section.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { AddWebhook } from './add-webhook.tsx'
import { useEventName } from './event-name.ts'
import { useDeleteWebhook, useReactivateWebhook, useTestWebhook } from './mutations.ts'
import { deliveriesQuery, webhooksQuery } from './queries.ts'
import './webhooks.css'

type Webhook = {
  id: string
  url: string
  events: string[]
  active: boolean
  last_delivery_at: string | null
  last_status: number | null
  failures: number
}

/**
 * The organization's outgoing webhooks (its admins): where events go, how the last delivery went,
 * a test, switching back on one switched off after failures, and adding or deleting one.
 */
export function OrgWebhooks({ org }: { org: string }) {
  const { t } = useTranslation()
  const hooks = useQuery(webhooksQuery(org))
  return (
    <Section id="org-webhooks" title={t('webhooks.title')}>
      <p className="hint">{t('webhooks.intro')}</p>
      {hooks.isPending && <Loading />}
      <ErrorNote error={hooks.error} onRetry={() => void hooks.refetch()} />
      {hooks.data?.length === 0 && <Empty>{t('webhooks.none')}</Empty>}
      {hooks.data && hooks.data.length > 0 && (
        <ul className="webhook-list">
          {hooks.data.map((hook) => (
            <WebhookItem key={hook.id} org={org} hook={hook} />
          ))}
        </ul>
      )}
      <div className="toolbar section-actions">
        <AddWebhook org={org} />
      </div>
    </Section>
  )
}

/** One webhook: its address, its events, its state and last delivery, its buttons and attempts. */
function WebhookItem({ org, hook }: { org: string; hook: Webhook }) {
  const { t, i18n } = useTranslation()
  const eventName = useEventName()
  const test = useTestWebhook(org, hook.id)
  const reactivate = useReactivateWebhook(org, hook.id)
  const remove = useDeleteWebhook(org, hook.id, () => undefined)
  const every = WEBHOOK_EVENTS.every((event) => hook.events.includes(event))
  const when = hook.last_delivery_at ? formatDate(hook.last_delivery_at, i18n.language) : ''
  return (
    <li className="webhook">
      <p className="webhook-url">{hook.url}</p>
      <dl className="webhook-facts small">
        <dt>{t('webhooks.events')}</dt>
        <dd>{every ? t('webhooks.allEvents') : hook.events.map(eventName).join(', ')}</dd>
        <dt>{t('webhooks.state')}</dt>
        <dd className={hook.active ? undefined : 'webhook-off'}>
          {!hook.active
            ? t('webhooks.off', { count: hook.failures })
            : hook.failures > 0
              ? t('webhooks.failing', { count: hook.failures })
              : t('webhooks.active')}
        </dd>
        <dt>{t('webhooks.lastDelivery')}</dt>
        <dd>
          {!hook.last_delivery_at
            ? t('webhooks.never')
            : hook.last_status === null
              ? t('webhooks.noAnswer', { when })
              : t('webhooks.answered', { when, status: hook.last_status })}
        </dd>
      </dl>
      <div className="toolbar">
        {hook.active ? (
          <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
            {t('webhooks.test')}
          </button>
        ) : (
          <button type="button" onClick={() => reactivate.mutate()} disabled={reactivate.isPending}>
            {t('webhooks.reactivate')}
          </button>
        )}
        <ConfirmButton
          label={t('webhooks.remove')}
          title={t('webhooks.removeTitle')}
          text={t('webhooks.removeText', { url: hook.url })}
          action={remove}
        />
      </div>
      {test.isSuccess && <Done>{t('webhooks.testSent')}</Done>}
      {reactivate.isSuccess && hook.active && <Done>{t('webhooks.reactivated')}</Done>}
      <ErrorNote error={test.error ?? reactivate.error} />
      <Deliveries org={org} id={hook.id} />
    </li>
  )
}

/** A webhook's recent attempts, read when the person opens them. */
function Deliveries({ org, id }: { org: string; id: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <details className="webhook-deliveries" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('webhooks.deliveries')}</summary>
      {open && <DeliveryList org={org} id={id} />}
    </details>
  )
}

function DeliveryList({ org, id }: { org: string; id: string }) {
  const { t, i18n } = useTranslation()
  const eventName = useEventName()
  const attempts = useQuery(deliveriesQuery(org, id))
  if (attempts.isPending) return <Loading />
  if (attempts.error) return <ErrorNote error={attempts.error} onRetry={() => void attempts.refetch()} />
  if (attempts.data.length === 0) return <p className="hint">{t('webhooks.noDeliveries')}</p>
  return (
    <ul className="webhook-attempts">
      {attempts.data.slice(0, 20).map((a) => (
        <li key={`${a.id}-${a.attempt}`}>
          <span>{formatDate(a.at, i18n.language)}</span> <span>{eventName(a.event)}</span>{' '}
          <span className={a.status_code !== null && a.status_code < 300 ? 'ok' : 'failed'}>
            {a.status_code === null ? (a.error ?? '—') : `HTTP ${a.status_code}`}
          </span>{' '}
          <span className="muted">
            {t('webhooks.delivery.ms', { value: a.duration_ms })}
            {a.attempt > 1 && ` · ${t('webhooks.delivery.attempt')} ${a.attempt}`}
          </span>
        </li>
      ))}
    </ul>
  )
}
