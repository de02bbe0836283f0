/** A line diff as rows to show: changed lines, a few lines of context, the rest folded. */

/** A part of a line diff, as `diffLines` gives it. */
export type DiffPart = { value: string; added?: boolean; removed?: boolean }

export type DiffRow = { kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'skip'; count: number }

/** How many unchanged lines stay visible on each side of a change. */
export const CONTEXT_LINES = 3

const linesOf = (value: string) => {
  const lines = value.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** The rows of a diff, each unchanged run longer than twice the context folded into one `skip` row. */
export function diffRows(parts: readonly DiffPart[], context = CONTEXT_LINES): DiffRow[] {
  const rows: DiffRow[] = []
  parts.forEach((part, index) => {
    const lines = linesOf(part.value)
    if (part.added || part.removed) {
      for (const text of lines) rows.push({ kind: part.added ? 'added' : 'removed', text })
      return
    }
    const keepBefore = index === 0 ? 0 : context
    const keepAfter = index === parts.length - 1 ? 0 : context
    if (lines.length <= keepBefore + keepAfter + 1) {
      for (const text of lines) rows.push({ kind: 'same', text })
      return
    }
    for (const text of lines.slice(0, keepBefore)) rows.push({ kind: 'same', text })
    rows.push({ kind: 'skip', count: lines.length - keepBefore - keepAfter })
    for (const text of lines.slice(lines.length - keepAfter)) rows.push({ kind: 'same', text })
  })
  return rows
}
