import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib'
import type { Logger } from '#shared/ports/logger.ts'

const brotli = promisify(brotliCompress)
const gzip = promisify(gzipCallback)

/** The checkout's root folder (package.json, desktop/, out/). */
export const ROOT = resolve(import.meta.dirname, '..')

/** Where the web app's build is served from: electron-vite's renderer output. */
export const WEB_APP_DIR = join(ROOT, 'out', 'renderer')

/** The fingerprint of the sources a build was made from, kept beside it. */
const STAMP = '.source-stamp'

/** What the web app's bundle is made from: a change to any of these makes the build stale. */
const SOURCES = ['desktop/renderer', 'shared/domain', 'electron.vite.config.ts', 'package-lock.json']

/**
 * Builds the web app when its build is missing or older than its sources, so `npm start` serves
 * the current app with no extra command. The build goes to a folder of its own and replaces
 * `out/renderer` in one rename, so a server already serving the old build never reads half a new one.
 */
export async function ensureWebApp(logger: Logger, root = ROOT): Promise<void> {
  const target = join(root, 'out', 'renderer')
  const stamp = await sourceStamp(root)
  const built = await readFile(join(target, STAMP), 'utf8').catch(() => '')
  if (built === stamp && existsSync(join(target, 'index.html'))) return

  const started = Date.now()
  logger.info({}, built ? 'the web app changed: building it' : 'building the web app')
  const outDir = join(root, 'out', `.build-${process.pid}-${Date.now()}`)
  try {
    await runBuild(root, outDir)
    await precompress(join(outDir, 'renderer'))
    await writeFile(join(outDir, 'renderer', STAMP), stamp)
    const old = `${target}.old-${process.pid}`
    await rm(old, { recursive: true, force: true })
    if (existsSync(target)) await rename(target, old)
    await mkdir(join(root, 'out'), { recursive: true })
    await rename(join(outDir, 'renderer'), target)
    await rm(old, { recursive: true, force: true })
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
  logger.info({ ms: Date.now() - started }, 'web app built')
}

/** Runs electron-vite's build of the whole app into `outDir`, failing with its output when it fails. */
export function runBuild(root: string, outDir: string): Promise<void> {
  const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, 'build', '--outDir', outDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.once('error', fail)
    child.once('close', (code) => {
      if (code === 0) done()
      else fail(new Error(`the web app's build failed (exit ${code}):\n${output.join('').slice(-4000)}`))
    })
  })
}

/** Text files a browser downloads, compressed once at build so each request is a plain file read. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/

/** Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build. */
async function precompress(folder: string): Promise<void> {
  for (const file of await filesUnder(folder)) {
    if (!COMPRESSIBLE.test(file)) continue
    const data = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip(data, { level: 9 }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
  }
}

/** A fingerprint of the sources: every file's path, size and modification time. */
export async function sourceStamp(root: string): Promise<string> {
  const hash = createHash('sha256')
  for (const source of SOURCES) {
    for (const file of await filesUnder(join(root, source))) {
      const info = await stat(file)
      hash.update(`${relative(root, file)}\0${info.size}\0${info.mtimeMs}\n`)
    }
  }
  return hash.digest('hex')
}

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return []
  if (!info.isDirectory()) return [path]
  const entries = await readdir(path, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}
