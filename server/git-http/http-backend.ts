import { spawn } from 'node:child_process'
import { basename, dirname } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { capped, gitEnv } from './git-env.ts'

/**
 * Largest fetch request: the lines naming what the client wants and has. A clone of a big
 * repository names a few thousand commits at most; far below this.
 */
const UPLOAD_REQUEST_MAX_BYTES = 64 * 1024 * 1024

/** What Git's `http-backend` needs to answer a clone or fetch request on one repository. */
export type UploadPackRequest = {
  /** The repository's folder. */
  folder: string
  /** `info/refs` (the ref advertisement) or `git-upload-pack` (the pack exchange). */
  endpoint: 'info/refs' | 'git-upload-pack'
  /** The authenticated account's username, for Git's logs. */
  user: string
}

/**
 * Answers a clone or fetch with Git's own `http-backend` (a CGI program), streaming both ways: the
 * same program and pack negotiation as any Git host, protocol v2 included. Refs other than
 * branches and tags (the remote-tracking refs of a space with a remote) are hidden, and pushes
 * never go through it.
 */
export async function uploadPack(request: Request, input: UploadPackRequest): Promise<Response> {
  const header = (name: string) => request.headers.get(name) ?? undefined
  const cgi: Record<string, string> = {
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
    SERVER_SOFTWARE: 'quire',
    GIT_PROJECT_ROOT: dirname(input.folder),
    GIT_HTTP_EXPORT_ALL: '1',
    // http-backend buffers a gzipped request whole; the default cap (10 MB) is too low for big haves.
    GIT_HTTP_MAX_REQUEST_BUFFER: String(UPLOAD_REQUEST_MAX_BYTES),
    REQUEST_METHOD: request.method,
    PATH_INFO: `/${basename(input.folder)}/${input.endpoint}`,
    QUERY_STRING: input.endpoint === 'info/refs' ? 'service=git-upload-pack' : '',
    REMOTE_USER: input.user,
    REMOTE_ADDR: '127.0.0.1',
  }
  const optional: [string, string | undefined][] = [
    ['CONTENT_TYPE', header('content-type')],
    ['CONTENT_LENGTH', header('content-length')],
    ['HTTP_CONTENT_ENCODING', header('content-encoding')],
    ['HTTP_GIT_PROTOCOL', header('git-protocol')],
  ]
  for (const [key, value] of optional) if (value !== undefined) cgi[key] = value
  const env = gitEnv({ 'uploadpack.hideRefs': 'refs/remotes', 'http.receivepack': 'false' }, cgi)
  const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  const stderr: Buffer[] = []
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
  child.stdin.on('error', () => {})
  if (request.body && request.method === 'POST') {
    const body = request.body as unknown as AsyncIterable<Uint8Array>
    pipeline(Readable.from(capped(body, UPLOAD_REQUEST_MAX_BYTES)), child.stdin).catch(() => child.kill())
  } else child.stdin.end()

  const chunks = child.stdout[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let head = Buffer.alloc(0)
  let parsed: CgiHead | null = null
  while (!parsed) {
    const next = await chunks.next()
    if (next.done) {
      const code = await exitCode(child)
      throw new Error(
        `git http-backend exited with ${code}: ${Buffer.concat(stderr).toString('utf8').trim()}`,
      )
    }
    head = Buffer.concat([head, next.value])
    parsed = parseCgiHead(head)
  }
  const rest = parsed.rest
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (rest.length > 0) controller.enqueue(new Uint8Array(rest))
    },
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) {
        // A backend failing halfway must not look like a complete answer to the client.
        if ((await exitCode(child)) !== 0) controller.error(new Error('git http-backend failed'))
        else controller.close()
      } else controller.enqueue(new Uint8Array(next.value))
    },
    cancel() {
      child.kill('SIGKILL')
    },
  })
  return new Response(body, { status: parsed.status, headers: parsed.headers })
}

/** The exit code of a child process, once it has exited. */
function exitCode(child: ReturnType<typeof spawn>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('close', (code) => resolve(code)))
}

type CgiHead = { status: number; headers: [string, string][]; rest: Buffer }

/** Splits a CGI response into its header block and the start of the body, once the blank line has arrived. */
function parseCgiHead(data: Buffer): CgiHead | null {
  const crlf = data.indexOf('\r\n\r\n')
  const lf = data.indexOf('\n\n')
  let end: number
  let skip: number
  if (crlf >= 0 && (lf < 0 || crlf < lf)) [end, skip] = [crlf, 4]
  else if (lf >= 0) [end, skip] = [lf, 2]
  else return null
  let status = 200
  const headers: [string, string][] = []
  for (const line of data.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    if (name.toLowerCase() === 'status') status = Number(/^\d{3}/.exec(value)?.[0] ?? 200)
    else headers.push([name, value])
  }
  return { status, headers, rest: data.subarray(end + skip) }
}
