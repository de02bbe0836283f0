import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const run = promisify(execFile)
const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The configuration over a fresh data folder, with `env` added. */
function config(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-config-'))
  dirs.push(dir)
  return loadConfig({ SERVICE_DATA_DIR: dir, ...env })
}

describe('SERVICE_EMBEDDING_THREADS', () => {
  it("leaves the model's default when unset, and takes a whole number of threads", () => {
    expect(config({}).embeddingThreads).toBeUndefined()
    expect(config({ SERVICE_EMBEDDING_THREADS: ' 3 ' }).embeddingThreads).toBe(3)
  })

  it('refuses to start on anything but a whole number, 1 or more, and says which setting', () => {
    for (const value of ['0', '-1', '1.5', 'two']) {
      expect(() => config({ SERVICE_EMBEDDING_THREADS: value })).toThrow(ConfigError)
      expect(() => config({ SERVICE_EMBEDDING_THREADS: value })).toThrow(/^SERVICE_EMBEDDING_THREADS must be/)
    }
  })
})

describe('SERVICE_EMBEDDINGS_BUILTIN', () => {
  it('uses the static model unless the transformer is asked for, and refuses any other name', () => {
    expect(config({}).builtinModel).toBe('static')
    expect(config({ SERVICE_EMBEDDINGS_BUILTIN: ' Transformer ' }).builtinModel).toBe('transformer')
    expect(() => config({ SERVICE_EMBEDDINGS_BUILTIN: 'bert' })).toThrow(
      /^SERVICE_EMBEDDINGS_BUILTIN must be static or transformer/,
    )
  })
})

describe('SERVICE_EMBEDDINGS_MODEL_DIR', () => {
  it('names a folder that is there, or the server does not start', () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-model-'))
    dirs.push(folder)
    expect(config({ SERVICE_EMBEDDINGS_MODEL_DIR: folder }).embeddingsModelDir).toBe(folder)
    expect(() => config({ SERVICE_EMBEDDINGS_MODEL_DIR: join(folder, 'nowhere') })).toThrow(
      /^SERVICE_EMBEDDINGS_MODEL_DIR names no folder: /,
    )
  })
})

describe('SERVICE_METRICS', () => {
  it('is off by default, and then leaves its port and token unread', () => {
    expect(config({}).metrics).toBeUndefined()
    expect(config({ SERVICE_METRICS_PORT: 'nine', SERVICE_METRICS_TOKEN: 'short' }).metrics).toBeUndefined()
  })

  it('serves on the main port without a token unless told otherwise', () => {
    expect(config({ SERVICE_METRICS: 'true' }).metrics).toEqual({ port: undefined, token: undefined })
    const own = config({
      SERVICE_METRICS: 'on',
      SERVICE_METRICS_PORT: ' 9464 ',
      SERVICE_METRICS_TOKEN: 'x'.repeat(16),
    })
    expect(own.metrics).toEqual({ port: 9464, token: 'x'.repeat(16) })
    expect(config({ SERVICE_METRICS: 'true', SERVICE_METRICS_PORT: '0' }).metrics?.port).toBe(0)
  })

  it('refuses to start on a value it cannot use, and says which setting without repeating the token', () => {
    expect(() => config({ SERVICE_METRICS: 'maybe' })).toThrow(/^SERVICE_METRICS must be true or false/)
    // Only decimal digits: 0x1F90 and 8e3 are 8080 and 8000 to Number(), and to no one reading them.
    for (const port of ['0x1F90', '8e3', ' 1_0 '])
      expect(() => config({ SERVICE_PORT: port })).toThrow(/^SERVICE_PORT must be a port number/)
    for (const port of ['-1', '65536', '80.5', 'nine', '0x1F90'])
      expect(() => config({ SERVICE_METRICS: 'true', SERVICE_METRICS_PORT: port })).toThrow(
        /^SERVICE_METRICS_PORT must be a port number/,
      )
    expect(() =>
      config({ SERVICE_METRICS: 'true', SERVICE_PORT: '8080', SERVICE_METRICS_PORT: '8080' }),
    ).toThrow(/^SERVICE_METRICS_PORT must differ from SERVICE_PORT/)
    expect(() => config({ SERVICE_METRICS: 'true', SERVICE_METRICS_TOKEN: 'guessable' })).toThrow(
      /^SERVICE_METRICS_TOKEN must be at least 16 characters long$/,
    )
    // Sent as `Bearer <token>`, a token with a space in it could never be sent whole.
    expect(() =>
      config({ SERVICE_METRICS: 'true', SERVICE_METRICS_TOKEN: 'correct horse battery staple' }),
    ).toThrow(/^SERVICE_METRICS_TOKEN must not hold spaces/)
    expect(() => config({ SERVICE_ADMIN_TOKEN: 'my admin token 0123456789' })).toThrow(
      /^SERVICE_ADMIN_TOKEN must not hold spaces/,
    )
  })
})

describe('SERVICE_LOG_FORMAT', () => {
  it('writes JSON lines by default, or readable ones', () => {
    expect(config({}).logFormat).toBe('json')
    expect(config({ SERVICE_LOG_FORMAT: ' Pretty ' }).logFormat).toBe('pretty')
    expect(config({ SERVICE_LOG_FORMAT: 'json' }).logFormat).toBe('json')
  })

  it('refuses any other format, and says which setting', () => {
    expect(() => config({ SERVICE_LOG_FORMAT: 'text' })).toThrow(ConfigError)
    expect(() => config({ SERVICE_LOG_FORMAT: 'text' })).toThrow(
      /^SERVICE_LOG_FORMAT must be json or pretty, not "text"$/,
    )
  })
})

describe('SERVICE_LOG_LEVEL and SERVICE_SECRET_KEY', () => {
  it('refuses a log level the logger does not know, and says which setting', () => {
    expect(config({ SERVICE_LOG_LEVEL: 'warn' }).logLevel).toBe('warn')
    expect(() => config({ SERVICE_LOG_LEVEL: 'verbose' })).toThrow(
      /^SERVICE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"$/,
    )
  })

  it('warns of a secret key too short to keep secrets, without printing it, and still starts with it', () => {
    const short = config({ SERVICE_SECRET_KEY: 'abc' })
    expect(short.secretKey).toBe('abc')
    expect(short.warnings).toEqual([
      expect.stringMatching(/^SERVICE_SECRET_KEY is shorter than 32 characters, easier to guess/),
    ])
    expect(short.warnings.join('')).not.toContain('abc')
    expect(config({ SERVICE_SECRET_KEY: 'k'.repeat(32) }).warnings).toEqual([])
  })
})

describe('settings read from files (NAME_FILE)', () => {
  /** A file holding `text`, in a folder removed after the test. */
  function secretFile(text: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'quire-secret-'))
    dirs.push(dir)
    const file = join(dir, 'value')
    writeFileSync(file, text)
    return file
  }

  it('takes the secret key, admin password and database address from files, less the final line break', () => {
    const loaded = config({
      SERVICE_SECRET_KEY_FILE: secretFile(`${'k'.repeat(43)}\n`),
      SERVICE_ADMIN_PASSWORD_FILE: secretFile('correct horse battery\n'),
      SERVICE_DATABASE_URL_FILE: secretFile('postgres://quire:pw@127.0.0.1/quire\n'),
    })
    expect(loaded.secretKey).toBe('k'.repeat(43))
    expect(loaded.adminPassword).toBe('correct horse battery')
    expect(loaded.databaseUrl).toBe('postgres://quire:pw@127.0.0.1/quire')
  })

  it('refuses a file it cannot read, or a setting given both ways, without printing the value', () => {
    expect(() => config({ SERVICE_ADMIN_PASSWORD_FILE: '/nonexistent/password' })).toThrow(
      /^SERVICE_ADMIN_PASSWORD_FILE: cannot read \/nonexistent\/password \(ENOENT\)$/,
    )
    const both = () =>
      config({ SERVICE_ADMIN_PASSWORD: 'hunter2-hunter2', SERVICE_ADMIN_PASSWORD_FILE: secretFile('x') })
    expect(both).toThrow(ConfigError)
    expect(both).toThrow(/^set SERVICE_ADMIN_PASSWORD or SERVICE_ADMIN_PASSWORD_FILE, not both$/)
  })
})

describe('SERVICE_DATA_DIR', () => {
  it('says in one line when the data folder is a file, where the key would be made', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-config-'))
    dirs.push(dir)
    const file = join(dir, 'data')
    writeFileSync(file, 'not a folder')
    for (const dataDir of [file, join(file, 'below')]) {
      expect(() => loadConfig({ SERVICE_DATA_DIR: dataDir })).toThrow(ConfigError)
      expect(() => loadConfig({ SERVICE_DATA_DIR: dataDir })).toThrow(
        `the data folder ${dataDir} is not a folder`,
      )
    }
  })
})

describe('the secret key made at the first start', () => {
  it('is one key for every process starting at once on a new folder, none failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-config-'))
    dirs.push(dir)
    const data = join(dir, 'data')
    const script = `import { loadConfig } from './server/config.ts'; process.stdout.write(loadConfig({ SERVICE_DATA_DIR: ${JSON.stringify(data)} }).secretKey)`
    const keys = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--input-type=module', '-e', script], {
          cwd: join(import.meta.dirname, '..'),
        }),
      ),
    )
    expect(new Set(keys.map((k) => k.stdout)).size).toBe(1)
    expect(keys[0]?.stdout).toMatch(/^[\w-]{43}$/)
    expect(readdirSync(data)).toEqual(['secret.key'])
  })
})
