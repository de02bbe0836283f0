/**
 * The pages of the filer's evaluation space: READMEs of installed packages, read at test time (not
 * kept in the repository), and the project's own README. Each is one page of a "Libraries" space.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Package name → the page its README becomes, under content/. */
export const LIBRARY_PAGES: Readonly<Record<string, string>> = {
  electron: 'libraries/electron.md',
  croner: 'libraries/croner.md',
  yaml: 'libraries/yaml.md',
  fflate: 'libraries/fflate.md',
  'tesseract.js': 'libraries/tesseract.md',
  officeparser: 'libraries/officeparser.md',
  mammoth: 'libraries/mammoth.md',
  unpdf: 'libraries/unpdf.md',
  'pdf-lib': 'libraries/pdf-lib.md',
  diff: 'libraries/jsdiff.md',
  re2js: 'libraries/re2js.md',
  yjs: 'libraries/yjs.md',
  'isomorphic-git': 'libraries/isomorphic-git.md',
  ssh2: 'libraries/ssh2.md',
  nodemailer: 'libraries/nodemailer.md',
  'smtp-server': 'libraries/smtp-server.md',
  mailparser: 'libraries/mailparser.md',
  jose: 'libraries/jose.md',
  pino: 'libraries/pino.md',
  'better-sqlite3': 'libraries/better-sqlite3.md',
  '@node-rs/argon2': 'libraries/argon2.md',
  zod: 'libraries/zod.md',
  playwright: 'libraries/playwright.md',
}

/**
 * The project's own README, as a page of its own folder: a copy kept beside the evaluation
 * (project-readme.md, the README as it was when the notes were written), so that editing the README
 * does not move the figures; the packages' READMEs are pinned by the lock file the same way.
 */
export const PROJECT_PAGE = 'project/quire.md'

/** Where the project's checkout is: the folder holding node_modules and README.md. */
function projectRoot(): string {
  let dir = process.cwd()
  while (!existsSync(join(dir, 'node_modules')) || !existsSync(join(dir, 'README.md'))) {
    const up = join(dir, '..')
    if (up === dir) throw new Error('the project root (node_modules and README.md) was not found')
    dir = up
  }
  return dir
}

function readme(dir: string): string {
  const name = readdirSync(dir).find((f) => /^readme(\.md)?$/i.test(f))
  if (!name) throw new Error(`no README in ${dir}`)
  return readFileSync(join(dir, name), 'utf8')
}

/** The evaluation's pages, `path` relative to content/, as a person would paste them. */
export function libraryPages(): { path: string; text: string }[] {
  const root = projectRoot()
  const pages = Object.entries(LIBRARY_PAGES).map(([pkg, path]) => ({
    path,
    text: readme(join(root, 'node_modules', pkg)),
  }))
  pages.push({
    path: PROJECT_PAGE,
    text: readFileSync(new URL('./project-readme.md', import.meta.url), 'utf8'),
  })
  return pages
}
