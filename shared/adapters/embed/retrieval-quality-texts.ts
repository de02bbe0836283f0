/**
 * Real documentation installed on the machine, read as plain paragraphs for measuring and distilling the
 * built-in meaning model: npm packages' READMEs and docs, Debian's /usr/share/doc, the man pages (English
 * and French) and the installed packages' descriptions. Nothing is kept in the repository: the texts are
 * read where the packages put them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'

export type Language = 'en' | 'fr'

/** One document's text in paragraphs, with the short descriptions and questions found in it. */
export type InstalledText = {
  /** The unit of the held-out split: a package or a man page, whatever file of it the text comes from. */
  key: string
  source: 'npm' | 'debian-doc' | 'man' | 'dpkg'
  language: Language
  paragraphs: string[]
  /** A one-line description of the same thing in other words (a man page's NAME, a package's summary). */
  summary?: string
  /** The paragraph the summary describes (a man page's DESCRIPTION, a README's opening). */
  described?: string
  /** Questions written in the document, each with the text that answers it. */
  questions: { question: string; answer: string }[]
}

/** Where to read, and how much: the default reads everything installed under the usual places. */
export type TextSources = {
  nodeModules?: string
  debianDocs?: string
  manPages?: string
  dpkgStatus?: string
  /** Files read per npm or Debian package at most (their READMEs and docs first). */
  filesPerPackage?: number
  /** The languages of man pages read (default both). */
  manLanguages?: readonly Language[]
  /** Leave out Debian's docs and package descriptions (English only, and slower to read). */
  npmAndManOnly?: boolean
}

const MAX_FILE_BYTES = 300_000
const MIN_WORDS = 8

/** Every installed text of the sources, in a stable order (sorted paths). */
export function readInstalledTexts(sources: TextSources = {}): InstalledText[] {
  const perPackage = sources.filesPerPackage ?? 12
  return [
    ...(sources.nodeModules ? readNpm(sources.nodeModules, perPackage) : []),
    ...(sources.npmAndManOnly ? [] : readDebianDocs(sources.debianDocs ?? '/usr/share/doc', perPackage)),
    ...readManPages(sources.manPages ?? '/usr/share/man', sources.manLanguages ?? ['en', 'fr']),
    ...(sources.npmAndManOnly ? [] : readDpkgStatus(sources.dpkgStatus ?? '/var/lib/dpkg/status')),
  ]
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch {
    return []
  }
}

function readText(path: string): string | undefined {
  try {
    const stat = statSync(path)
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined
    const bytes = readFileSync(path)
    const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')
    return text.includes('\u0000') ? undefined : text
  } catch {
    return undefined
  }
}

/** French when its common words outnumber English ones clearly. */
export function guessLanguage(text: string): Language {
  let fr = 0
  let en = 0
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (FRENCH_WORDS.has(word)) fr++
    else if (ENGLISH_WORDS.has(word)) en++
  }
  return fr >= 3 && fr > en * 1.5 ? 'fr' : 'en'
}
const FRENCH_WORDS = new Set(
  'le la les des est une un pour dans que qui avec sur pas sont du au aux ce cette il elle nous vous par être fichier fichiers peut ou si'.split(
    ' ',
  ),
)
const ENGLISH_WORDS = new Set(
  'the is and of to in for with that are this be on it as by from can or if file files you'.split(' '),
)

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}

/** A paragraph of prose: enough words, mostly letters (not a table, code or ASCII art). */
export function isProse(text: string): boolean {
  if (words(text) < MIN_WORDS) return false
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  return letters / text.replace(/\s/g, '').length >= 0.7
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

// ---- npm packages: package.json's description, README and docs in Markdown ----

function readNpm(root: string, perPackage: number): InstalledText[] {
  const texts: InstalledText[] = []
  for (const name of list(root)) {
    if (name.startsWith('.')) continue
    const dirs = name.startsWith('@') ? list(join(root, name)).map((n) => `${name}/${n}`) : [name]
    for (const pkg of dirs) texts.push(...readNpmPackage(join(root, pkg), pkg, perPackage))
  }
  return texts
}

function readNpmPackage(dir: string, name: string, perPackage: number): InstalledText[] {
  const files = [
    ...list(dir)
      .filter((f) => /^readme(\.[a-z]{2})?\.(md|markdown)$/i.test(f))
      .map((f) => join(dir, f)),
    ...markdownUnder(join(dir, 'docs'), 3),
  ].slice(0, perPackage)
  let description: string | undefined
  try {
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { description?: unknown }
    if (typeof json.description === 'string') description = clean(json.description)
  } catch {}
  const texts: InstalledText[] = []
  for (const file of files) {
    const raw = readText(file)
    if (!raw) continue
    const parsed = parseMarkdown(raw)
    if (parsed.paragraphs.length === 0) continue
    const language = guessLanguage(parsed.paragraphs.join(' '))
    const isReadme = /readme\.(md|markdown)$/i.test(file)
    texts.push({
      key: `npm:${name}`,
      source: 'npm',
      language,
      paragraphs: parsed.paragraphs,
      questions: parsed.questions,
      ...(isReadme && description && language === 'en' && words(description) >= 4
        ? { summary: description, described: parsed.paragraphs[0] }
        : {}),
    })
  }
  return texts
}

function markdownUnder(dir: string, depth: number): string[] {
  if (depth === 0 || !existsSync(dir)) return []
  const out: string[] = []
  for (const entry of list(dir)) {
    const path = join(dir, entry)
    if (/\.(md|markdown)$/i.test(entry)) out.push(path)
    else if (!entry.includes('.')) out.push(...markdownUnder(path, depth - 1))
  }
  return out
}

/** Prose paragraphs of a Markdown file, and its headings that ask a question with the text under them. */
export function parseMarkdown(text: string): {
  paragraphs: string[]
  questions: { question: string; answer: string }[]
} {
  const paragraphs: string[] = []
  const questions: { question: string; answer: string }[] = []
  let heading: string | undefined
  let underHeading: string[] = []
  let block: string[] = []
  let fenced = false
  const endBlock = () => {
    const paragraph = clean(inlineMarkdown(block.join(' ')))
    block = []
    if (isProse(paragraph)) {
      paragraphs.push(paragraph)
      underHeading.push(paragraph)
    }
  }
  const endSection = () => {
    endBlock()
    if (heading?.endsWith('?') && underHeading.length > 0)
      questions.push({ question: heading, answer: underHeading.join(' ') })
    underHeading = []
  }
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      endBlock()
      continue
    }
    if (fenced) continue
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (h) {
      endSection()
      heading = clean(inlineMarkdown(h[1]!))
      continue
    }
    if (/^\s*$/.test(line) || /^\s*(\||<|!\[|\[!\[|-->|={3,}|-{3,})/.test(line)) {
      endBlock()
      continue
    }
    block.push(line.replace(/^\s*([-*+]|\d+[.)])\s+/, '').replace(/^\s*>\s?/, ''))
  }
  endSection()
  return { paragraphs, questions }
}

function inlineMarkdown(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/[`*_]+/g, '')
}

// ---- Debian's /usr/share/doc: READMEs, FAQs and text documentation ----

function readDebianDocs(root: string, perPackage: number): InstalledText[] {
  const texts: InstalledText[] = []
  for (const pkg of list(root)) {
    const files = list(join(root, pkg))
      .filter(
        (f) =>
          /^(readme|faq|00faq|.*\.txt|.*\.md)(\.gz)?$/i.test(f) ||
          /^(readme|faq)[._-][\w.-]*$/i.test(f.replace(/\.gz$/, '')),
      )
      .filter((f) => !/changelog|copyright|news/i.test(f))
      .slice(0, perPackage)
    for (const file of files) {
      const raw = readText(join(root, pkg, file))
      if (!raw) continue
      const parsed = /\.md(\.gz)?$/i.test(file) ? parseMarkdown(raw) : parsePlainText(raw)
      if (parsed.paragraphs.length === 0) continue
      texts.push({
        key: `deb:${pkg}`,
        source: 'debian-doc',
        language: guessLanguage(parsed.paragraphs.join(' ')),
        paragraphs: parsed.paragraphs,
        questions: parsed.questions,
      })
    }
  }
  return texts
}

/** Paragraphs of a plain text file, and its paragraphs that ask a question with the next one as answer. */
export function parsePlainText(text: string): {
  paragraphs: string[]
  questions: { question: string; answer: string }[]
} {
  const blocks = text.split(/\n\s*\n/).map((block) =>
    clean(
      block
        .split('\n')
        .map((line) => line.replace(/^\s*([-*+o]|\d+(\.\d+)*[.)]?|Q:|A:)\s+/, ''))
        .join(' '),
    ),
  )
  const paragraphs = blocks.filter(isProse)
  const questions: { question: string; answer: string }[] = []
  for (let i = 0; i + 1 < blocks.length; i++) {
    const question = blocks[i]!
    const n = words(question)
    if (question.endsWith('?') && n >= 3 && n <= 30 && isProse(blocks[i + 1]!))
      questions.push({ question, answer: blocks[i + 1]! })
  }
  return { paragraphs, questions }
}

// ---- man pages: English ones, and the French ones under fr/ ----

function readManPages(root: string, languages: readonly Language[]): InstalledText[] {
  const texts: InstalledText[] = []
  for (const language of languages) {
    const dir = language === 'en' ? root : join(root, language)
    for (const section of list(dir).filter((s) => /^man[1-8]$/.test(s))) {
      for (const file of list(join(dir, section))) {
        const raw = readText(join(dir, section, file))
        if (!raw || raw.startsWith('.so ')) continue
        const page = parseManPage(raw)
        if (page.paragraphs.length === 0) continue
        const name = file.replace(/\.gz$/, '').replace(/\.[^.]+$/, '')
        texts.push({
          key: `man:${name}`,
          source: 'man',
          language,
          paragraphs: page.paragraphs,
          questions: [],
          ...(page.summary && page.described ? { summary: page.summary, described: page.described } : {}),
        })
      }
    }
  }
  return texts
}

/** A man page's text in paragraphs, with its NAME line's description and DESCRIPTION's opening. */
export function parseManPage(roff: string): { paragraphs: string[]; summary?: string; described?: string } {
  const paragraphs: string[] = []
  let section = ''
  let name = ''
  let described: string | undefined
  let block: string[] = []
  let skipping = false
  const endBlock = () => {
    const paragraph = clean(block.join(' '))
    block = []
    if (section === 'NAME') name = `${name} ${paragraph}`.trim()
    else if (isProse(paragraph)) {
      paragraphs.push(paragraph)
      if (section === 'DESCRIPTION' && described === undefined) described = paragraph
    }
  }
  for (const line of roff.split('\n')) {
    if (skipping) {
      if (line.startsWith('..')) skipping = false
      continue
    }
    if (/^[.'](de|ig)\b/.test(line)) {
      skipping = true
      continue
    }
    const macro = /^[.']\s*([A-Za-z]{1,3})\b\s*(.*)$/.exec(line)
    if (macro) {
      const [, name, args] = macro as unknown as [string, string, string]
      if (name === 'SH' || name === 'Sh') {
        endBlock()
        section = unescapeRoff(args.replace(/"/g, '')).trim().toUpperCase()
        // French pages name their sections in French.
        if (section === 'NOM') section = 'NAME'
        if (section === 'DESCRIPTION' || section === 'DESCRIPTION DÉTAILLÉE') section = 'DESCRIPTION'
      } else if (/^(B|I|SM|SB)$/.test(name)) block.push(unescapeRoff(args.replace(/"/g, '')))
      else if (/^(BR|IR|RB|BI|IB|RI)$/.test(name))
        block.push(unescapeRoff(args.replace(/"/g, '').replace(/ /g, '')))
      else if (/^(PP|P|LP|TP|IP|sp|br|HP|RS|RE|Sp|SS|Pp)$/.test(name)) endBlock()
      continue
    }
    if (line.startsWith('.') || line.startsWith("'")) continue
    block.push(unescapeRoff(line))
  }
  endBlock()
  const dash = /^\S.*?\s+[-—–]+\s+(.*)$/.exec(name)
  const summary = dash?.[1]?.trim()
  return {
    paragraphs,
    ...(summary && words(summary) >= 2 && described ? { summary, described } : {}),
  }
}

/** Accents written as roff escapes (`\\('e` is é), as the French pages spell them. */
const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  ':': '\u0308',
  ',': '\u0327',
}

function unescapeRoff(text: string): string {
  return text
    .replace(/\\\[u([0-9A-Fa-f]{4,5})\]/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\(?:\(|\[)(['`^:,])([A-Za-z])\]?/g, (_, accent: string, letter: string) =>
      `${letter}${ACCENTS[accent]}`.normalize('NFC'),
    )
    .replace(
      /\\\[(oe|OE|Fo|Fc)\]|\\\((oe|OE|Fo|Fc)/g,
      (_, a?: string, b?: string) => ({ oe: 'œ', OE: 'Œ', Fo: '«', Fc: '»' })[(a ?? b)!] ?? '',
    )
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\s[-+]?\d/g, '')
    .replace(/\\\*\(--|\\\(em|\\\(en/g, '—')
    .replace(/\\\(aq|\\\*\(Aq/g, "'")
    .replace(/\\\(lq|\\\(rq|\\\*\(L"|\\\*\(R"/g, '"')
    .replace(/\\\(..|\\\*\(..|\\\*\[[^\]]*\]|\\\*./g, '')
    .replace(/\\-/g, '-')
    .replace(/\\e/g, '\\')
    .replace(/\\[&|^c%]/g, '')
    .replace(/\\ /g, ' ')
}

// ---- the installed packages' descriptions ----

function readDpkgStatus(path: string): InstalledText[] {
  const raw = readText(path) ?? (existsSync(path) ? readFileSync(path, 'utf8') : '')
  const texts: InstalledText[] = []
  for (const stanza of raw.split(/\n\n+/)) {
    const pkg = /^Package: (.+)$/m.exec(stanza)?.[1]
    const description = /^Description: (.*)\n((?: .*\n?)*)/m.exec(stanza)
    if (!pkg || !description) continue
    const long = description[2]!
      .split('\n')
      .map((line) => line.replace(/^ /, ''))
      .join('\n')
      .split(/^\.$/m)
      .map((p) => clean(p.replace(/^\s*[-*]\s+/gm, '')))
      .filter(isProse)
    if (long.length === 0) continue
    texts.push({
      key: `deb:${pkg.trim()}`,
      source: 'dpkg',
      language: 'en',
      paragraphs: long,
      questions: [],
      summary: clean(description[1]!),
      described: long[0]!,
    })
  }
  return texts
}
