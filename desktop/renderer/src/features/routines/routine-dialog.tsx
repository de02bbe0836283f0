import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SecretShownOnce } from '../../components/copy-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useSpace } from '../space/queries.ts'
import { tidySettingsQuery } from '../space-settings/queries.ts'
import { useCreateRoutine, useUpdateRoutine } from './mutations.ts'
import type { Routine } from './queries.ts'
import { bodyOf, type FormFields, fieldsOfRoutine, fieldsToStart, type Start } from './routine-form-fields.ts'

/**
 * Adding a routine (from a template or blank) or changing one, in a dialog; a webhook address set
 * brings its signing secret back, shown this once before the dialog closes.
 */
export function RoutineDialog({
  open,
  onClose,
  routine,
}: {
  open: boolean
  onClose: () => void
  routine?: Routine
}) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const create = useCreateRoutine(org, space)
  const update = useUpdateRoutine(org, space, routine?.id ?? '')
  const save = routine ? update : create
  const close = () => {
    onClose()
    create.reset()
    update.reset()
  }
  const secret = save.data?.webhook_secret
  const title = routine ? t('routines.editTitle', { name: routine.name }) : t('routines.add')
  return (
    <Dialog title={title} open={open} onClose={close}>
      {secret ? (
        <SecretShownOnce
          done={t('routines.form.saved')}
          hint={t('routines.form.secretOnce')}
          label={t('routines.form.secret')}
          value={secret}
          onClose={close}
        />
      ) : (
        <RoutineForm
          routine={routine}
          error={save.error}
          pending={save.isPending}
          onCancel={close}
          onSave={(fields, start) => {
            const body = bodyOf(fields, start)
            const done = (saved: { webhook_secret?: string }) => {
              if (!saved.webhook_secret) close()
            }
            if (routine) update.mutate(body, { onSuccess: done })
            else create.mutate(body, { onSuccess: done })
          }}
        />
      )}
    </Dialog>
  )
}

function RoutineForm({
  routine,
  error,
  pending,
  onCancel,
  onSave,
}: {
  routine: Routine | undefined
  error: unknown
  pending: boolean
  onCancel: () => void
  onSave: (fields: FormFields, start: Start | undefined) => void
}) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  // A new routine's zone is the space's, read with the tidy-up's settings.
  const tidy = useQuery({ ...tidySettingsQuery({ org, space }), enabled: routine === undefined })
  const templateName = (start: Start) => (start === 'blank' ? '' : t(`routines.templates.${start}`))
  const [start, setStart] = useState<Start>('coherence')
  const [form, setForm] = useState<FormFields>(() =>
    routine ? fieldsOfRoutine(routine) : fieldsToStart('coherence', templateName('coherence')),
  )
  const set = (changes: Partial<FormFields>) => setForm((current) => ({ ...current, ...changes }))
  const chooseStart = (next: Start) => {
    setStart(next)
    setForm(fieldsToStart(next, templateName(next)))
  }
  // A template's own work needs no instructions; a blank routine's model needs them.
  const ownInstructions = routine ? routine.template === '' : start === 'blank'
  return (
    <Form
      className="routine-form"
      aria-label={routine ? t('routines.edit') : t('routines.add')}
      onSubmit={() => onSave(form, routine ? undefined : start)}
    >
      {!routine && (
        <SelectField
          label={t('routines.form.startFrom')}
          value={start}
          onChange={(event) => chooseStart(event.target.value as Start)}
        >
          <option value="coherence">{t('routines.templates.coherence')}</option>
          <option value="digest">{t('routines.templates.digest')}</option>
          <option value="blank">{t('routines.templates.blank')}</option>
        </SelectField>
      )}
      {!routine && <p className="hint">{t(`routines.templateHints.${start}`)}</p>}
      <InputField
        label={t('routines.form.name')}
        required
        maxLength={200}
        value={form.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      {ownInstructions && (
        <label>
          {t('routines.form.instructions')}
          <textarea
            required
            rows={5}
            maxLength={20_000}
            value={form.instructions}
            onChange={(event) => set({ instructions: event.target.value })}
          />
          <span className="hint">{t('routines.form.instructionsHint')}</span>
        </label>
      )}
      <div className="routine-schedule">
        <SelectField
          label={t('routines.form.frequency')}
          value={form.frequency}
          onChange={(event) => set({ frequency: event.target.value as FormFields['frequency'] })}
        >
          {(['daily', 'weekly', 'monthly'] as const).map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`routines.form.frequencies.${frequency}`)}
            </option>
          ))}
        </SelectField>
        {form.frequency === 'weekly' && (
          <SelectField
            label={t('routines.form.weekday')}
            value={String(form.weekday)}
            onChange={(event) => set({ weekday: Number(event.target.value) })}
          >
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <option key={day} value={day}>
                {t(`routines.days.${day}`)}
              </option>
            ))}
          </SelectField>
        )}
        {form.frequency === 'monthly' && (
          <InputField
            label={t('routines.form.monthday')}
            type="number"
            min={1}
            max={28}
            required
            value={form.monthday}
            onChange={(event) => set({ monthday: Number(event.target.value) })}
          />
        )}
        <InputField
          label={t('routines.form.at')}
          type="time"
          required
          value={form.at}
          onChange={(event) => set({ at: event.target.value })}
          hint={t('routines.form.atHint', { zone: routine?.timezone ?? tidy.data?.timezone ?? '…' })}
        />
      </div>
      <InputField
        label={t('routines.form.scope')}
        hint={t('routines.form.scopeHint')}
        spellCheck={false}
        value={form.scope}
        onChange={(event) => set({ scope: event.target.value })}
      />
      <fieldset className="routine-outputs">
        <legend>{t('routines.form.outputs')}</legend>
        <p className="hint">{t('routines.form.outputsHint')}</p>
        <InputField
          label={t('routines.form.page')}
          hint={t('routines.form.pageHint')}
          spellCheck={false}
          maxLength={1024}
          value={form.output_page}
          onChange={(event) => set({ output_page: event.target.value })}
        />
        <label className="inline">
          <input
            type="checkbox"
            checked={form.output_inbox}
            onChange={(event) => set({ output_inbox: event.target.checked })}
          />
          {t('routines.form.inbox')}
        </label>
        <SelectField
          label={t('routines.form.email')}
          value={form.output_email}
          onChange={(event) => set({ output_email: event.target.value as FormFields['output_email'] })}
        >
          <option value="">{t('routines.form.emails.none')}</option>
          <option value="admins">{t('routines.form.emails.admins')}</option>
          <option value="members">{t('routines.form.emails.members')}</option>
        </SelectField>
        <InputField
          label={t('routines.form.webhook')}
          hint={t('routines.form.webhookHint')}
          type="url"
          spellCheck={false}
          maxLength={2048}
          value={form.output_webhook}
          onChange={(event) => set({ output_webhook: event.target.value })}
        />
      </fieldset>
      <label className="inline">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        {t('routines.form.enabled')}
      </label>
      <SubmitBar
        error={error}
        pending={pending}
        label={routine ? t('common.save') : t('routines.form.create')}
        onCancel={onCancel}
      />
    </Form>
  )
}
