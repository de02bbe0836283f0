import './navigation.css'
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Section } from './headings.ts'

/** How many sections make a page long enough for a table of contents. */
export const TOC_MIN_SECTIONS = 3
/** How far below the top of the window a heading counts as the one being read, in pixels. */
const READING_LINE = 120

/** The sections of a long page, linking to their headings; the one being read is marked. */
export function TableOfContents({ sections }: { sections: Section[] }) {
  const { t } = useTranslation()
  const { reading, choose } = useSectionBeingRead(sections)
  if (sections.length < TOC_MIN_SECTIONS) return null
  const top = Math.min(...sections.map((section) => section.depth))
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const heading = document.getElementById(id)
    if (!heading) return
    // The router keeps the address: the heading is brought into view and given the focus here.
    event.preventDefault()
    choose(id)
    heading.scrollIntoView({ block: 'start' })
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
  }
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title">{t('navigation.toc')}</h2>
      <ol>
        {sections.map((section) => (
          <li key={section.id} className={`toc-depth-${section.depth - top}`}>
            <a
              href={`#${section.id}`}
              aria-current={section.id === reading ? 'location' : undefined}
              onClick={(event) => goTo(event, section.id)}
            >
              {section.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/**
 * Where a heading is, from the top of the window. A long page's parts off screen are not laid out
 * (`.markdown-part`): a heading's box there would lay its part out (every part, for a page's
 * contents: a quarter of a second at 5,000 lines), and the part's own box tells enough: above the
 * window or below it.
 */
function topOf(id: string): number {
  const heading = document.getElementById(id)
  if (!heading) return Number.POSITIVE_INFINITY
  const part = heading.closest('.markdown-part')?.getBoundingClientRect()
  if (part && part.bottom < 0) return part.bottom
  if (part && part.top > window.innerHeight) return part.top
  return heading.getBoundingClientRect().top
}

/**
 * The section being read: the last one whose heading went above the reading line, the last one in
 * view once the page is scrolled to its end, and the one chosen in the contents while its heading
 * stays in view (a section near the end cannot be scrolled up to the line).
 */
function useSectionBeingRead(sections: Section[]) {
  const [reading, setReading] = useState<string | undefined>(undefined)
  const chosen = useRef<string | undefined>(undefined)
  const measure = useCallback(() => {
    const tops = sections.map((section) => ({ id: section.id, top: topOf(section.id) }))
    const inView = (top: number) => top >= 0 && top < window.innerHeight
    const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
    const pick = tops.find((entry) => entry.id === chosen.current && inView(entry.top))
    if (!pick) chosen.current = undefined
    const passed = tops.filter((entry) => entry.top <= READING_LINE).at(-1)
    const lastInView = atEnd ? tops.filter((entry) => inView(entry.top)).at(-1) : undefined
    setReading((pick ?? lastInView ?? passed ?? tops[0])?.id)
  }, [sections])
  useEffect(() => {
    if (sections.length < TOC_MIN_SECTIONS) return
    let frame = 0
    // One measure per frame at most, however fast the scrolling.
    const onScroll = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0
          measure()
        })
    }
    measure()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [sections, measure])
  const choose = (id: string) => {
    chosen.current = id
    measure()
  }
  return { reading, choose }
}
