import { useTranslation } from 'react-i18next'

/** The kind of a unified-diff line, for its colour. */
function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('===')) return 'diff-file'
  if (line.startsWith('@@')) return 'diff-hunk'
  if (line.startsWith('+')) return 'diff-add'
  if (line.startsWith('-')) return 'diff-del'
  return ''
}

/** A unified diff, added and removed lines coloured (and marked by their + and - for all readers). */
export function DiffView({ diff }: { diff: string }) {
  const { t } = useTranslation()
  const lines = diff.replace(/\n$/, '').split('\n')
  if (!diff.trim()) return <p className="muted">{t('inbox.noDiff')}</p>
  return (
    <pre className="diff">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are fixed and may repeat.
        <span key={index} className={lineClass(line)}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  )
}
