import type { FlushIntent } from '../../ports/collab.ts'

/** A flush intent's fields other than its state, as both databases keep them (a JSON text). */
export function intentJson(intent: FlushIntent): string {
  return JSON.stringify({ blob: intent.blob, head: intent.head, seqs: intent.seqs })
}

/** The flush intent of a row, or null when none is kept (or the row's is unreadable). */
export function intentOf(json: string | null, state: Uint8Array | null): FlushIntent | null {
  if (json === null || state === null) return null
  try {
    const { blob, head, seqs } = JSON.parse(json) as { blob: string; head: string | null; seqs: number[] }
    return { blob, head, seqs, state }
  } catch {
    return null
  }
}
