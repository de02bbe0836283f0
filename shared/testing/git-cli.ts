import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'

/** The identity every commit made by the test helpers carries. */
export const GIT_TEST_IDENTITY = { name: 'Quire Test', email: 'test@quire.invalid' }

/** A git command that exited with a non-zero code (or could not start). */
export class GitCommandError extends Error {
  readonly args: string[]
  readonly exitCode: number | null
  readonly stderr: string

  constructor(args: string[], exitCode: number | null, stderr: string) {
    super(`git ${args.join(' ')} failed (exit ${exitCode}): ${stderr.trim()}`)
    this.name = 'GitCommandError'
    this.args = args
    this.exitCode = exitCode
    this.stderr = stderr
  }
}

/**
 * An environment for git that ignores the developer's own setup: no system or global config,
 * no credential prompts, a fixed identity, and none of the caller's GIT_* variables.
 */
export function isolatedGitEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    // GIT_DIR, GIT_INDEX_FILE etc. leak in when tests run from a Git hook and would redirect every command.
    if (key.startsWith('GIT_') || key === 'SSH_ASKPASS' || key === 'EMAIL') continue
    env[key] = value
  }
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: GIT_TEST_IDENTITY.name,
    GIT_AUTHOR_EMAIL: GIT_TEST_IDENTITY.email,
    GIT_COMMITTER_NAME: GIT_TEST_IDENTITY.name,
    GIT_COMMITTER_EMAIL: GIT_TEST_IDENTITY.email,
    // English messages, so tests can match on them.
    LC_ALL: 'C',
    ...extra,
  }
}

/** Runs git asynchronously in `cwd`; resolves with the trimmed stdout, rejects with a GitCommandError. */
export function runGit(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the git HTTP server the command may talk to runs in this same process.
    const child = spawn('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) => reject(new GitCommandError(args, null, error.message)))
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8').trim())
      else reject(new GitCommandError(args, code, Buffer.concat(err).toString('utf8')))
    })
  })
}

/** A work clone of a test remote, driven with the git command line. */
export type WorkClone = {
  dir: string
  /** Runs git in `dir`; resolves with the trimmed stdout, rejects with stderr. */
  git(...args: string[]): Promise<string>
  write(path: string, content: string): Promise<void>
  read(path: string): Promise<string>
  /** Pulls (fast-forward only), then reads `path`: what the remote has now. */
  pulled(path: string): Promise<string>
  /** `git add -A` then commit; resolves with the new commit's sha. */
  commitAll(message: string): Promise<string>
  /** Pushes the current branch to the branch of the same name on origin. */
  push(): Promise<void>
}

const REPO_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/

/** The path of the test remote's repository `name` under `root`; throws for a name that could leave it. */
export function repoPathIn(root: string, name: string): string {
  // Segments cannot start with a dot, so a name never climbs out of root.
  if (!REPO_NAME.test(name)) throw new Error(`invalid repository name: ${name}`)
  return join(root, name)
}

/**
 * Creates the bare repository `path`; with `files`, also an initial commit on `branch`, made in a
 * scratch clone under `work` and pushed straight from disk, so a server's logs only show what the test
 * itself does.
 */
export async function createBareRepo(
  path: string,
  work: string,
  env: NodeJS.ProcessEnv,
  { branch = 'main', files }: { branch?: string; files?: Record<string, string> } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await runGit(work, ['init', '--quiet', '--bare', `--initial-branch=${branch}`, path], env)
  if (!files) return
  const seed = await mkdtemp(join(work, 'seed-'))
  try {
    await runGit(seed, ['init', '--quiet', `--initial-branch=${branch}`], env)
    await writeFiles(seed, files)
    await runGit(seed, ['add', '-A'], env)
    // No background `gc --auto` (thousands of files make many loose objects): it would still be
    // writing into the seed folder while it is removed.
    await runGit(seed, ['-c', 'gc.auto=0', 'commit', '--quiet', '-m', 'Initial commit'], env)
    await runGit(seed, ['push', '--quiet', path, `HEAD:refs/heads/${branch}`], env)
  } finally {
    await rm(seed, { recursive: true, force: true })
  }
}

/** Clones `source` (a URL or a path) into `dir` with the git CLI; commits there carry the test identity. */
export async function cloneWork(source: string, dir: string, env: NodeJS.ProcessEnv): Promise<WorkClone> {
  const identity = [`user.name=${GIT_TEST_IDENTITY.name}`, `user.email=${GIT_TEST_IDENTITY.email}`]
  // --config writes into the new clone, so the identity holds even outside this environment.
  await runGit(
    dirname(dir),
    ['clone', '--quiet', ...identity.flatMap((c) => ['--config', c]), source, dir],
    env,
  )
  return workClone(dir, env)
}

/** Writes `files` (relative path → content) under `dir`, refusing paths that leave it. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const full = inside(dir, path)
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, content)
  }
}

/** The absolute path of `path` inside `dir`; throws when it would leave `dir`. */
export function inside(dir: string, path: string): string {
  const full = resolve(dir, path)
  const rel = relative(dir, full)
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`))
    throw new Error(`path outside the clone: ${path}`)
  return full
}

/** Git commands and file helpers for a work clone in `dir`. */
export function workClone(dir: string, env: NodeJS.ProcessEnv): WorkClone {
  const git = (...args: string[]) => runGit(dir, args, env)
  return {
    dir,
    git,
    write: (path, content) => writeFiles(dir, { [path]: content }),
    read: (path) => readFile(inside(dir, path), 'utf8'),
    pulled: async (path) => {
      await git('pull', '--quiet', '--ff-only')
      return readFile(inside(dir, path), 'utf8')
    },
    commitAll: async (message) => {
      await git('add', '-A')
      await git('commit', '--quiet', '-m', message)
      return git('rev-parse', 'HEAD')
    },
    push: async () => {
      await git('push', '--quiet', 'origin', 'HEAD')
    },
  }
}
