import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { BuiltinModel } from '#shared/adapters/embed/builtin-embedder.ts'
import {
  DEFAULT_WEBHOOK_DISABLE_AFTER,
  DEFAULT_WEBHOOK_RETRY_DELAYS_S,
} from '#shared/domain/webhook-events.ts'
import { addressMatcher } from './client-address.ts'
import { startFailure } from './start-failure.ts'

/** The server's settings, read from the environment (see the README's table). */
export type Config = {
  /** What the operator should hear at start of settings that work but should not be so. */
  warnings: string[]
  port: number
  host: string
  dataDir: string
  /** The public address when configured; otherwise same-origin checks use the listening address. */
  baseUrl: string | undefined
  apiDocs: boolean
  secretKey: string
  adminUsername: string
  adminPassword: string | undefined
  adminToken: string | undefined
  logLevel: string
  /** Log lines as JSON (for collectors) or as readable lines (for a person at a terminal). */
  logFormat: LogFormat
  /** How often spaces with a remote are fetched, in milliseconds. */
  syncIntervalMs: number
  /** A local transformers.js model folder to use instead of the built-in embeddings model. */
  embeddingsModelDir: string | undefined
  /** Threads running the built-in embeddings model; its default (one per core, at most 4) when unset. */
  embeddingThreads: number | undefined
  /** The built-in model: the static one distilled from the transformer (the default, fast), or the transformer. */
  builtinModel: BuiltinModel
  /** Whether Git remotes may be on loopback or private addresses (an in-house Git host). */
  allowPrivateNetwork: boolean
  /** Start with a key that does not open the stored credentials (lost, or changed on purpose). */
  acceptNewSecretKey: boolean
  /** Addresses and CIDR ranges of reverse proxies whose X-Forwarded-For is believed ('' for none). */
  trustedProxies: string
  /** Whether the web app is built at start when its build is missing or stale. */
  webBuild: boolean
  /**
   * A PostgreSQL database (`postgres://…`) instead of the SQLite file: several instances may then
   * share it and the data folder.
   */
  databaseUrl: string | undefined
  /** The SMTP server (`smtp://user:pass@host:587`, `smtps://…`); none: mail goes to `<data>/outbox/`. */
  smtpUrl: string | undefined
  /** The sender of the service's mail. */
  mailFrom: string | undefined
  /** The wait before each retry of a failed webhook delivery, in milliseconds. */
  webhookRetryDelaysMs: number[]
  /** Consecutive failed deliveries that switch a webhook off. */
  webhookDisableAfter: number
  /** Prometheus metrics at `/metrics`; undefined when off (the default). */
  metrics: MetricsConfig | undefined
}

/** How logs are written: JSON lines, or one readable line per entry. */
export type LogFormat = 'json' | 'pretty'

/** Where and to whom the metrics are served. */
export type MetricsConfig = {
  /** A listener of their own on this port (0: a free one), so they stay off the public port; none: the main port. */
  port: number | undefined
  /** A bearer token scrapers must send; none: anyone who reaches the listener may read them. */
  token: string | undefined
}

/** The shortest metrics token accepted: shorter ones are guessed too easily. */
export const METRICS_TOKEN_MIN = 16

/** A setting that cannot be used; the server refuses to start and says which. */
export class ConfigError extends Error {}

const TRUE = new Set(['1', 'true', 'yes', 'on'])
const FALSE = new Set(['', '0', 'false', 'no', 'off'])

function flag(name: string, value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase()
  if (TRUE.has(text)) return true
  if (FALSE.has(text)) return false
  throw new ConfigError(`${name} must be true or false, not "${value}"`)
}

function seconds(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim() || String(fallback)
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number of seconds, not "${value}"`)
  return n
}

function count(name: string, value: string | undefined): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number, 1 or more, not "${value}"`)
  return n
}

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Settings that may be given as a file instead (`NAME_FILE=/run/secrets/...`), as container
 * secrets are: the value is the file's content, less its final line break.
 */
export const FILE_SETTINGS = [
  'SERVICE_SECRET_KEY',
  'SERVICE_ADMIN_PASSWORD',
  'SERVICE_ADMIN_TOKEN',
  'SERVICE_DATABASE_URL',
  'SERVICE_SMTP_URL',
  'SERVICE_METRICS_TOKEN',
] as const

/** The environment with each `NAME_FILE` of {@link FILE_SETTINGS} read into `NAME`. */
function withSettingFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out = { ...env }
  for (const name of FILE_SETTINGS) {
    const file = env[`${name}_FILE`]?.trim()
    if (!file) continue
    if (env[name]?.trim()) throw new ConfigError(`set ${name} or ${name}_FILE, not both`)
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '')
    } catch (error) {
      throw new ConfigError(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`)
    }
  }
  return out
}

/** The levels a log may be set to (pino's). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
/** The shortest key accepted: it seals stored credentials and signs tokens (the generated one has 43). */
const SECRET_KEY_MIN = 32

/**
 * The data folder the environment names, read without touching it (reading the whole configuration
 * makes the folder and its key): for the commands that must first check it is an installation.
 */
export function dataDirOf(env: Record<string, string | undefined>): string {
  return resolve(env.SERVICE_DATA_DIR?.trim() || './data')
}

/** Reads the configuration; the secret key is generated into the data directory on first start. */
export function loadConfig(environment: Record<string, string | undefined>): Config {
  const env = withSettingFiles(environment)
  const portText = env.SERVICE_PORT?.trim() || '8080'
  const port = portNumber(portText)
  if (port === undefined) throw new ConfigError(`SERVICE_PORT must be a port number, not "${portText}"`)
  const host = env.SERVICE_HOST?.trim() || '127.0.0.1'
  const dataDir = resolve(env.SERVICE_DATA_DIR?.trim() || './data')
  const baseUrl = env.SERVICE_BASE_URL?.trim().replace(/\/+$/, '') || undefined
  if (baseUrl !== undefined && !isWebAddress(baseUrl)) {
    throw new ConfigError(`SERVICE_BASE_URL must be an http:// or https:// address, not "${baseUrl}"`)
  }
  const trustedProxies = env.SERVICE_TRUSTED_PROXIES?.trim() ?? ''
  try {
    addressMatcher(trustedProxies)
  } catch (error) {
    throw new ConfigError(`SERVICE_TRUSTED_PROXIES: ${(error as Error).message}`)
  }
  const adminUsername = (env.SERVICE_ADMIN_USERNAME?.trim() || 'admin').toLowerCase()
  const logLevel = env.SERVICE_LOG_LEVEL?.trim() || 'info'
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`SERVICE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}"`)
  const givenKey = env.SERVICE_SECRET_KEY?.trim()
  // Only a warning: a key in use cannot be changed without its stored credentials becoming unreadable.
  const warnings =
    givenKey !== undefined && givenKey !== '' && givenKey.length < SECRET_KEY_MIN
      ? [
          `SERVICE_SECRET_KEY is shorter than ${SECRET_KEY_MIN} characters, easier to guess; it cannot be changed once credentials are stored with it, so give a new installation a long one (openssl rand -base64 32)`,
        ]
      : []
  return {
    warnings,
    port,
    host,
    dataDir,
    baseUrl,
    apiDocs: flag('SERVICE_API_DOCS', env.SERVICE_API_DOCS),
    secretKey: givenKey || secretKeyIn(dataDir),
    adminUsername,
    adminPassword: env.SERVICE_ADMIN_PASSWORD || undefined,
    adminToken: bearerToken('SERVICE_ADMIN_TOKEN', env.SERVICE_ADMIN_TOKEN),
    logLevel,
    logFormat: logFormat(env.SERVICE_LOG_FORMAT),
    syncIntervalMs: seconds('SERVICE_SYNC_INTERVAL', env.SERVICE_SYNC_INTERVAL, 300) * 1000,
    embeddingsModelDir: modelFolder(env.SERVICE_EMBEDDINGS_MODEL_DIR),
    embeddingThreads: count('SERVICE_EMBEDDING_THREADS', env.SERVICE_EMBEDDING_THREADS),
    builtinModel: builtinModel(env.SERVICE_EMBEDDINGS_BUILTIN),
    allowPrivateNetwork: flag('SERVICE_ALLOW_PRIVATE_NETWORK', env.SERVICE_ALLOW_PRIVATE_NETWORK),
    acceptNewSecretKey: flag('SERVICE_ACCEPT_NEW_SECRET_KEY', env.SERVICE_ACCEPT_NEW_SECRET_KEY),
    trustedProxies,
    webBuild: env.SERVICE_WEB_BUILD === undefined || flag('SERVICE_WEB_BUILD', env.SERVICE_WEB_BUILD),
    databaseUrl: databaseUrl(env.SERVICE_DATABASE_URL),
    smtpUrl: smtpUrl(env.SERVICE_SMTP_URL),
    mailFrom: env.SERVICE_MAIL_FROM?.trim() || undefined,
    webhookRetryDelaysMs: retryDelays(env.SERVICE_WEBHOOK_RETRY_DELAYS).map((s) => s * 1000),
    webhookDisableAfter: failureCount(env.SERVICE_WEBHOOK_DISABLE_AFTER),
    metrics: flag('SERVICE_METRICS', env.SERVICE_METRICS) ? metricsConfig(env, port) : undefined,
  }
}

/** A port written in decimal digits, 0 to 65535 (Number() would also take `0x1F90` or `1e3`). */
function portNumber(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined
  const port = Number(text)
  return port <= 65535 ? port : undefined
}

function builtinModel(value: string | undefined): BuiltinModel {
  const text = value?.trim().toLowerCase() || 'static'
  if (text !== 'static' && text !== 'transformer')
    throw new ConfigError(`SERVICE_EMBEDDINGS_BUILTIN must be static or transformer, not "${value}"`)
  return text
}

function logFormat(value: string | undefined): LogFormat {
  const text = value?.trim().toLowerCase() || 'json'
  if (text !== 'json' && text !== 'pretty')
    throw new ConfigError(`SERVICE_LOG_FORMAT must be json or pretty, not "${value}"`)
  return text
}

/**
 * The folder of a local embeddings model: one that is not there would fail every indexing by meaning
 * later, in words that no longer name this setting.
 */
function modelFolder(value: string | undefined): string | undefined {
  const given = value?.trim()
  if (!given) return undefined
  const folder = resolve(given)
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError(`SERVICE_EMBEDDINGS_MODEL_DIR names no folder: ${folder}`)
  return folder
}

/** A token clients send as `Authorization: Bearer <token>`: one word, or it could never be sent whole. */
function bearerToken(name: string, value: string | undefined): string | undefined {
  const token = value?.trim() || undefined
  if (token !== undefined && /\s/.test(token))
    throw new ConfigError(`${name} must not hold spaces or line breaks: a bearer token is one word`)
  return token
}

/** The metrics' own port and token; both are read only when metrics are on. */
function metricsConfig(env: Record<string, string | undefined>, mainPort: number): MetricsConfig {
  const portText = env.SERVICE_METRICS_PORT?.trim()
  let port: number | undefined
  if (portText) {
    port = portNumber(portText)
    if (port === undefined)
      throw new ConfigError(`SERVICE_METRICS_PORT must be a port number, not "${portText}"`)
    if (port !== 0 && port === mainPort)
      throw new ConfigError(`SERVICE_METRICS_PORT must differ from SERVICE_PORT (${mainPort})`)
  }
  // The token's value is never repeated in a message: the message may end up in a log.
  const token = bearerToken('SERVICE_METRICS_TOKEN', env.SERVICE_METRICS_TOKEN)
  if (token !== undefined && token.length < METRICS_TOKEN_MIN)
    throw new ConfigError(`SERVICE_METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters long`)
  return { port, token }
}

function failureCount(value: string | undefined): number {
  const text = value?.trim() || String(DEFAULT_WEBHOOK_DISABLE_AFTER)
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`SERVICE_WEBHOOK_DISABLE_AFTER must be a whole number of failures, not "${value}"`)
  return n
}

function smtpUrl(value: string | undefined): string | undefined {
  const url = value?.trim()
  if (!url) return undefined
  if (!/^smtps?:\/\/[^/]/.test(url))
    throw new ConfigError('SERVICE_SMTP_URL must be an smtp:// or smtps:// address')
  return url
}

/** Seconds, comma-separated: one retry per entry. */
function retryDelays(value: string | undefined): number[] {
  const text = value?.trim()
  if (!text) return DEFAULT_WEBHOOK_RETRY_DELAYS_S
  const delays = text.split(',').map((part) => Number(part.trim()))
  if (delays.some((n) => !Number.isInteger(n) || n < 1))
    throw new ConfigError(
      `SERVICE_WEBHOOK_RETRY_DELAYS must be whole numbers of seconds separated by commas, not "${value}"`,
    )
  return delays
}

function databaseUrl(value: string | undefined): string | undefined {
  const url = value?.trim()
  if (!url) return undefined
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new ConfigError('SERVICE_DATABASE_URL must be a postgres:// or postgresql:// address')
  return url
}

/** The key kept in `<data>/secret.key` (created with owner-only permissions when missing). */
function secretKeyIn(dataDir: string): string {
  const file = join(dataDir, 'secret.key')
  try {
    if (!existsSync(file)) {
      // The data folder holds the database and the repositories: only the server's owner may enter it.
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      // Written whole under a name of its own, then linked to its name: an instance starting at the
      // same moment on a shared folder finds either no key or the whole of one, and keeps the first.
      const made = `${file}.${randomBytes(6).toString('hex')}`
      writeFileSync(made, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
      try {
        linkSync(made, file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      } finally {
        rmSync(made, { force: true })
      }
    }
    return readFileSync(file, 'utf8').trim()
  } catch (error) {
    // A folder it may not write, or a file in its place: said in one line, with the setting to change.
    const reason = startFailure(error, { port: 0, host: '', dataDir, databaseUrl: undefined })
    if (reason === undefined) throw error
    throw new ConfigError(reason)
  }
}

/** The configuration of a command run from the shell: an unusable setting is reported and exits with 2. */
export function loadConfigOrExit(env: Record<string, string | undefined>): Config {
  try {
    return loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`configuration error: ${error.message}\n`)
    process.exit(2)
  }
}
