import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useSpace } from '../space/queries.ts'

/** One operation of a run as the server logs it (`kind`, `note`, `path`, `applied`, `reason`, ...). */
export function RunOperation({ op, reverted }: { op: Record<string, unknown>; reverted: boolean }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const kind = typeof op.kind === 'string' ? op.kind : ''
  const path = typeof op.path === 'string' ? op.path : ''
  const known = ['append', 'create', 'edit_section', 'leave'].includes(kind)
  const isApplied = op.applied !== false
  const detail = typeof op.reason === 'string' ? op.reason : typeof op.heading === 'string' ? op.heading : ''
  return (
    <li className="run-op">
      <span className="badge">{known ? t(`tidy.runs.ops.${kind}`) : kind}</span>{' '}
      {path &&
        (isApplied && !reverted ? (
          <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: path }}>
            {path}
          </Link>
        ) : (
          <span>{path}</span>
        ))}
      {detail && <span className="muted"> — {detail}</span>}
      {typeof op.note === 'string' && <span className="small muted"> ({op.note})</span>}
      {!isApplied && (
        <span className="small run-refused">
          {' '}
          {t('tidy.runs.refused')}
          {typeof op.refusal === 'string' ? ` ${op.refusal}` : ''}
        </span>
      )}
    </li>
  )
}
