import { diffChars, diffLines } from 'diff'
import type * as Y from 'yjs'

/** Hunks up to this many characters a side are refined to characters; larger ones are replaced whole. */
const REFINE_MAX = 8_000

/** One step of a minimal edit: keep, delete or insert characters, left to right. */
type Step = { keep: number } | { remove: number } | { insert: string }

/** The steps from `before` to `after`: the common ends kept, the middle diffed by lines, then characters. */
export function textSteps(before: string, after: string): Step[] {
  if (before === after) return [{ keep: before.length }]
  let head = 0
  const shortest = Math.min(before.length, after.length)
  while (head < shortest && before.charCodeAt(head) === after.charCodeAt(head)) head++
  let tail = 0
  while (
    tail < shortest - head &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++
  // Never split a surrogate pair: a Yjs position between its halves would break the character.
  if (head > 0 && isHighSurrogate(before.charCodeAt(head - 1))) head--
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--
  const oldMiddle = before.slice(head, before.length - tail)
  const newMiddle = after.slice(head, after.length - tail)
  const steps: Step[] = [{ keep: head }]
  const parts = diffLines(oldMiddle, newMiddle)
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    const next = parts[i + 1]
    if (part.removed && next?.added && part.value.length <= REFINE_MAX && next.value.length <= REFINE_MAX) {
      for (const fine of diffChars(part.value, next.value)) steps.push(stepOf(fine))
      i++
    } else steps.push(stepOf(part))
  }
  steps.push({ keep: tail })
  return steps
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

function stepOf(part: { value: string; added?: boolean; removed?: boolean }): Step {
  if (part.added) return { insert: part.value }
  if (part.removed) return { remove: part.value.length }
  return { keep: part.value.length }
}

/**
 * Changes `text` (whose content is `before`) into `after` by the smallest edit found, in one
 * transaction: the characters both share stay the same items, so cursors and concurrent typing
 * around them are kept (never a delete-all-and-reinsert).
 */
export function applyTextChange(text: Y.Text, before: string, after: string, origin?: unknown): void {
  const steps = textSteps(before, after)
  const doc = text.doc
  const run = () => {
    let at = 0
    for (const step of steps) {
      if ('keep' in step) at += step.keep
      else if ('remove' in step) {
        if (step.remove > 0) text.delete(at, step.remove)
      } else if (step.insert.length > 0) {
        text.insert(at, step.insert)
        at += step.insert.length
      }
    }
  }
  if (doc) doc.transact(run, origin)
  else run()
}
