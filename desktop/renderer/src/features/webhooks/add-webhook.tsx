import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { WEBHOOK_EVENTS, type WebhookEvent } from '#shared/domain/webhook-events.ts'
import { SecretShownOnce } from '../../components/copy-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useEventName } from './event-name.ts'
import { useCreateWebhook } from './mutations.ts'

/** The events a person may pick: `ping` is the test's, sent to every webhook whatever it subscribes to. */
const PICKABLE = WEBHOOK_EVENTS.filter((event) => event !== 'ping')

/** `Add a webhook` and its dialog: an address and its events, then the secret, shown this once. */
export function AddWebhook({ org }: { org: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const create = useCreateWebhook(org)
  const close = () => {
    setOpen(false)
    create.reset()
  }
  return (
    <>
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        {t('webhooks.add')}
      </button>
      <Dialog title={t('webhooks.add')} open={open} onClose={close}>
        {create.isSuccess ? (
          <SecretShownOnce
            done={t('webhooks.added', { url: create.data.url })}
            hint={t('webhooks.secretOnce')}
            label={t('webhooks.secret')}
            value={create.data.secret}
            onClose={close}
          />
        ) : (
          <WebhookForm create={create} onCancel={close} />
        )}
      </Dialog>
    </>
  )
}

function WebhookForm({
  create,
  onCancel,
}: {
  create: ReturnType<typeof useCreateWebhook>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const eventName = useEventName()
  const [url, setUrl] = useState('')
  const [every, setEvery] = useState(true)
  const [picked, setPicked] = useState<WebhookEvent[]>([])
  const [unpicked, setUnpicked] = useState(false)
  const toggle = (event: WebhookEvent, on: boolean) =>
    setPicked((current) => (on ? [...current, event] : current.filter((e) => e !== event)))
  return (
    <Form
      aria-label={t('webhooks.add')}
      onSubmit={() => {
        if (!every && picked.length === 0) {
          // The server's answer to an earlier try no longer applies: only what is wrong now is said.
          create.reset()
          return setUnpicked(true)
        }
        setUnpicked(false)
        create.mutate({ url: url.trim(), ...(every ? {} : { events: picked }) })
      }}
    >
      <InputField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        type="url"
        required
        maxLength={2048}
        spellCheck={false}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset className="webhook-events">
        <legend>{t('webhooks.which')}</legend>
        <label className="inline">
          <input type="radio" name="which" checked={every} onChange={() => setEvery(true)} />
          {t('webhooks.every')}
        </label>
        <label className="inline">
          <input type="radio" name="which" checked={!every} onChange={() => setEvery(false)} />
          {t('webhooks.only')}
        </label>
        {!every && (
          <div className="webhook-event-list">
            {PICKABLE.map((event) => (
              <label key={event} className="inline">
                <input
                  type="checkbox"
                  checked={picked.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                />
                {eventName(event)}
              </label>
            ))}
          </div>
        )}
        {unpicked && (
          <p className="error small" role="alert">
            {t('webhooks.pickOne')}
          </p>
        )}
      </fieldset>
      <SubmitBar
        error={create.error}
        pending={create.isPending}
        label={t('webhooks.create')}
        onCancel={onCancel}
      />
    </Form>
  )
}
