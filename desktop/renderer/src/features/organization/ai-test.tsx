import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { PendingButton } from '../../components/pending-button.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useTestAi } from './mutations.ts'

/** A test message to the organization's model: its answer, or what went wrong. */
export function AiTest({ org }: { org: string }) {
  const { t, i18n } = useTranslation()
  const [message, setMessage] = useState(() => t('organization.testDefault'))
  const test = useTestAi(org)
  const result = test.data
  return (
    <Form className="ai-test" aria-label={t('organization.testTitle')} onSubmit={() => test.mutate(message)}>
      <h3>{t('organization.testTitle')}</h3>
      <label>
        {t('organization.message')}
        <textarea
          rows={2}
          required
          maxLength={10_000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      <div className="toolbar">
        <PendingButton type="submit" pending={test.isPending}>
          {test.isPending ? t('organization.testing') : t('organization.test')}
        </PendingButton>
        <span className="hint">{t('organization.testHint')}</span>
      </div>
      <ErrorNote error={test.error} />
      {result?.ok && (
        <div className="test-answer" role="status">
          <p className="small muted">{t('organization.answer', { model: result.model })}</p>
          <blockquote>{result.reply}</blockquote>
          <p className="small muted">
            {t('organization.usage', {
              input: result.input_tokens,
              output: result.output_tokens,
              cost: new Intl.NumberFormat(i18n.language, {
                style: 'currency',
                currency: 'USD',
                maximumFractionDigits: 6,
              }).format(result.cost),
            })}
          </p>
        </div>
      )}
      {result && !result.ok && (
        <div className="state error" role="alert">
          <p>{t('organization.testFailed', { error: result.error ?? '' })}</p>
        </div>
      )}
    </Form>
  )
}
