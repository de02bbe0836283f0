import './navigation.css'
import { type MouseEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Section } from './headings.ts'

/** How many sections make a page long enough for a table of contents. */
export const TOC_MIN_SECTIONS = 3
/** How far below the top of the window a heading counts as the one being read, in pixels. */
const READING_LINE = 120

/** The sections of a long page, linking to their headings; the one being read is marked. */
export function TableOfContents({ sections }: { sections: Section[] }) {
  const { t } = useTranslation()
  const reading = useSectionBeingRead(sections)
  if (sections.length < TOC_MIN_SECTIONS) return null
  const top = Math.min(...sections.map((section) => section.depth))
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const heading = document.getElementById(id)
    if (!heading) return
    // The router keeps the address: the heading is brought into view and given the focus here.
    event.preventDefault()
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

/** The id of the last heading scrolled above the reading line (the first section before any). */
function useSectionBeingRead(sections: Section[]): string | undefined {
  const [reading, setReading] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (sections.length < TOC_MIN_SECTIONS) return
    let frame = 0
    const measure = () => {
      frame = 0
      let current = sections[0]?.id
      for (const section of sections) {
        const heading = document.getElementById(section.id)
        if (heading && heading.getBoundingClientRect().top <= READING_LINE) current = section.id
      }
      setReading(current)
    }
    // One measure per frame at most, however fast the scrolling.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [sections])
  return reading
}
