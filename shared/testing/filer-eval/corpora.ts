/**
 * The corpora of the leave-one-section-out evaluation, read from what is installed on the machine (never
 * kept in the repository): the READMEs of the packages in node_modules, and Debian's manual pages in
 * English (package `manpages`) and in French (package `manpages-fr`), turned to Markdown through mandoc.
 * Each corpus is taken in an order set by the seed, so that a sample of it is spread over all of it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type CorpusPage, type CutCase, cutSection, seededHash } from './sections-corpus.ts'

/** A corpus that can be read here: its name and its pages, read one by one when asked for. */
export type ReadableCorpus = { name: string; files: string[]; read(file: string): CorpusPage | undefined }

/** A corpus: readable, or why it cannot be read here and what to install for it. */
export type Corpus = ReadableCorpus | { name: string; missing: string }

/** Largest page a corpus takes: a book-length README or manual would be most of a space by itself. */
const MAX_PAGE_CHARS = 40_000

/** Files in the seed's order: a fixed shuffle, the same on every machine holding the same files. */
function seededOrder(files: readonly string[]): string[] {
  return [...files].sort((a, b) => seededHash(`order:${a}`) - seededHash(`order:${b}`) || (a < b ? -1 : 1))
}

/**
 * The cases of a corpus: its pages in the seed's order (those of at most `maxChars`), each with one
 * section cut out, until `limit` pages have given one.
 */
export function corpusCases(corpus: ReadableCorpus, limit: number, maxChars = MAX_PAGE_CHARS): CutCase[] {
  const cases: CutCase[] = []
  for (const file of corpus.files) {
    if (cases.length >= limit) break
    const page = corpus.read(file)
    const cut = page && page.text.length <= maxChars ? cutSection(page) : undefined
    if (cut && !cases.some((c) => repeats(c, cut))) cases.push(cut)
  }
  return cases
}

/** Characters of a note's text looked for in another page: enough to tell a copy from a likeness. */
const COPY_PROBE = 160

/**
 * Whether two cases share a section word for word (the same "ISO 8859 alphabets" in every ISO 8859
 * page, the same "Compatibility" in every package of a collective): such a note has no one page it
 * belongs to, so neither can judge a filer.
 */
function repeats(a: CutCase, b: CutCase): boolean {
  const copied = (note: CutCase, other: CutCase) => {
    const probe = note.note.text.slice(0, COPY_PROBE)
    return other.page.text.includes(probe) || other.note.text.startsWith(probe)
  }
  return copied(a, b) || copied(b, a)
}

/** Where the project's checkout is: the folder holding node_modules. */
function projectRoot(): string {
  let dir = process.cwd()
  while (!existsSync(join(dir, 'node_modules'))) {
    const up = join(dir, '..')
    if (up === dir) throw new Error('node_modules was not found above the working folder')
    dir = up
  }
  return dir
}

/** Installed package names, scoped ones included. */
function packageNames(modules: string): string[] {
  const names: string[] = []
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue
    if (entry.startsWith('@'))
      for (const inner of readdirSync(join(modules, entry))) names.push(`${entry}/${inner}`)
    else names.push(entry)
  }
  return names
}

/** The READMEs of the installed packages, each a page `packages/<name>.md`. */
export function npmReadmes(): Corpus {
  const modules = join(projectRoot(), 'node_modules')
  return {
    name: 'npm READMEs',
    files: seededOrder(packageNames(modules)),
    read: (name) => {
      const dir = join(modules, name)
      const readme = existsSync(dir) ? readdirSync(dir).find((f) => /^readme\.md$/i.test(f)) : undefined
      if (!readme) return undefined
      const path = `packages/${name.replace(/^@/, '').replace(/\//g, '-')}.md`
      return { path, text: readFileSync(join(dir, readme), 'utf8') }
    },
  }
}

/** A character struck over by a backspace: how mandoc's text output writes bold and underline. */
const BACKSPACED = new RegExp(`.${String.fromCharCode(8)}`, 'gu')

/**
 * A manual page as Markdown, from mandoc's text output: the NAME line as the page's title, the
 * sections as `##` and their subsections as `###` headings, the indentation and emphasis dropped.
 */
function manToMarkdown(rendered: string): string {
  // Emphasis is written with backspaces (a character struck over itself, or underlined).
  const lines = rendered.replace(BACKSPACED, '').split('\n')
  const out: string[] = []
  let title = ''
  let section = ''
  // The first line and the last non-empty one are the running header and footer.
  const last = lines.findLastIndex((line) => line.trim() !== '')
  for (const line of lines.slice(1, last)) {
    if (/^\S/.test(line)) {
      section = line.trim()
      if (!/^(?:NAME|NOM)$/.test(section)) out.push('', `## ${section}`, '')
    } else if (/^(?:NAME|NOM)$/.test(section)) title = `${title} ${line.trim()}`.trim()
    else if (/^ {3}\S/.test(line)) out.push('', `### ${line.trim()}`, '')
    else out.push(line.trim())
  }
  if (title === '') return ''
  return `# ${title}\n\n${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`
}

/** Whether mandoc can be run here. */
function hasMandoc(): boolean {
  try {
    execFileSync('mandoc', ['-T', 'ascii'], { input: '', stdio: ['pipe', 'ignore', 'ignore'] })
    return true
  } catch {
    return false
  }
}

/** The manual pages a Debian package installed in some sections (symbolic links aside). */
function packageManuals(pkg: string, sections: RegExp): string[] | undefined {
  const list = `/var/lib/dpkg/info/${pkg}.list`
  if (!existsSync(list)) return undefined
  return readFileSync(list, 'utf8')
    .split('\n')
    .filter((file) => sections.test(file) && existsSync(file) && lstatSync(file).isFile())
}

/** A corpus of the manual pages of a Debian package, each a page `<folder>/<name>.md`. */
function manuals(name: string, pkgs: string, sections: RegExp, folder: string): Corpus {
  if (!hasMandoc()) return { name, missing: `apt-get install mandoc ${pkgs}` }
  const lists = pkgs.split(' ').map((pkg) => packageManuals(pkg, sections))
  if (lists.some((list) => !list || list.length === 0)) return { name, missing: `apt-get install ${pkgs}` }
  return manualCorpus(
    name,
    lists.flatMap((list) => list ?? []),
    folder,
  )
}

/** A corpus of manual pages given by file, each a page `<folder>/<name>.md` (mandoc must be installed). */
export function manualCorpus(name: string, files: readonly string[], folder: string): ReadableCorpus {
  return {
    name,
    files: seededOrder(files),
    read: (file) => {
      try {
        const rendered = execFileSync('mandoc', ['-T', 'utf8', '-O', 'width=100', file], {
          encoding: 'utf8',
          env: { ...process.env, LC_ALL: 'C.UTF-8' },
          stdio: ['ignore', 'pipe', 'ignore'],
        })
        const stem = (file.split('/').pop() ?? file).replace(/\.gz$/, '').replace(/\./g, '-')
        const text = manToMarkdown(rendered)
        return text ? { path: `${folder}/${stem}.md`, text } : undefined
      } catch {
        return undefined
      }
    },
  }
}

/** Debian's manual pages in English: sections 5 and 7 (file formats and overviews) of `manpages`. */
export function englishManuals(): Corpus {
  return manuals('Debian manual pages (English)', 'manpages', /\/man\/man[57]\/[^/]+$/, 'manual')
}

/** Debian's manual pages in French: sections 1, 5, 7 and 8 of `manpages-fr`. */
export function frenchManuals(): Corpus {
  return manuals('Debian manual pages (French)', 'manpages-fr', /\/man\/fr\/man[1578]\/[^/]+$/, 'manuel')
}

/**
 * Debian's manual pages of commands and calls in English: sections 1 to 4 of `manpages`, and those of
 * coreutils and util-linux. The append model is fitted on it; the evaluation reports the others.
 */
export function englishCommands(): Corpus {
  return manuals(
    'Debian manual pages of commands (English)',
    'manpages coreutils util-linux',
    /\/man\/man[1-4]\/[^/]+$/,
    'commande',
  )
}

/** Pages sharing the first word of their names beyond which a family is left out (gcloud's thousands). */
const FAMILY_MAX = 20
/** Packages whose manual pages the other corpora read. */
const CORPUS_PACKAGES = new Set([
  'manpages',
  'manpages-dev',
  'manpages-fr',
  'manpages-fr-dev',
  'coreutils',
  'util-linux',
])

/**
 * The manual pages every other installed Debian package ships in sections 1, 5, 7 and 8, in English or
 * in French (apt, dpkg, man-db, procps, systemd, openssl...), families of more than FAMILY_MAX pages
 * whose names begin with the same word left out. The append model is fitted on them, never reported:
 * what is installed differs from one machine to the next.
 */
export function otherManuals(language: 'en' | 'fr'): Corpus {
  const name = `manual pages of other packages (${language === 'en' ? 'English' : 'French'})`
  if (!hasMandoc()) return { name, missing: 'apt-get install mandoc' }
  const sections =
    language === 'en' ? /^\/usr\/share\/man\/man[1578]\/[^/]+$/ : /^\/usr\/share\/man\/fr\/man[1578]\/[^/]+$/
  const info = '/var/lib/dpkg/info'
  const files = new Set<string>()
  for (const list of existsSync(info) ? readdirSync(info) : []) {
    if (!list.endsWith('.list') || CORPUS_PACKAGES.has(list.replace(/(:[^.]+)?\.list$/, ''))) continue
    for (const file of readFileSync(join(info, list), 'utf8').split('\n')) {
      if (sections.test(file) && existsSync(file) && lstatSync(file).isFile()) files.add(file)
    }
  }
  const family = (file: string) => (file.split('/').pop() ?? '').split(/[^\p{L}\p{N}]+/u)[0] ?? ''
  const sizes = new Map<string, number>()
  for (const file of files) sizes.set(family(file), (sizes.get(family(file)) ?? 0) + 1)
  const kept = [...files].filter((file) => (sizes.get(family(file)) ?? 0) <= FAMILY_MAX)
  if (kept.length === 0) return { name, missing: 'no other package installed manual pages here' }
  return manualCorpus(name, kept, language === 'en' ? 'man' : 'man-fr')
}
