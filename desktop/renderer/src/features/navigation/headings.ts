import { type RefObject, useLayoutEffect, useState } from 'react'

/** A section of a page, as its table of contents lists it. */
export type Section = { id: string; text: string; depth: number }

/** The heading levels a table of contents lists: the page's title is the level-one heading above. */
const LISTED = 'h2, h3'

/** A heading's text as an id: lower case, accents dropped, words joined by dashes. */
export function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * The sections of rendered Markdown under `body`, read from its headings once they are drawn. A
 * heading the renderer gave no id gets one from its text, unique in the page, so a link can lead to it.
 */
export function useSections(body: RefObject<HTMLElement | null>, text: string, shown = 0): Section[] {
  const [sections, setSections] = useState<Section[]>([])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headings are read again when the text changes, or more of it is shown.
  useLayoutEffect(() => {
    const root = body.current
    if (!root) return
    const taken = new Set<string>()
    const found = [...root.querySelectorAll<HTMLElement>(LISTED)].map((heading) => {
      if (!heading.id) heading.id = uniqueId(`section-${slugOf(heading.textContent ?? '') || 'part'}`, taken)
      taken.add(heading.id)
      return { id: heading.id, text: heading.textContent ?? '', depth: Number(heading.tagName[1]) }
    })
    setSections(found)
  }, [body, text, shown])
  return sections
}

function uniqueId(wanted: string, taken: Set<string>): string {
  let id = wanted
  for (let n = 1; taken.has(id) || document.getElementById(id); n++) id = `${wanted}-${n}`
  return id
}
