import { concat, FLUSH, pktLine } from '#shared/adapters/git/pkt-line.ts'
import { COMMIT_ID, ZERO_OID } from '#shared/domain/git-names.ts'
import type { RefUpdate } from '#shared/services/git/receive-push.ts'

/**
 * The push half of Git's smart HTTP protocol as a server speaks it (gitprotocol-pack,
 * gitprotocol-http): the ref advertisement, the client's commands before its pack, and the report
 * that tells the client which refs were taken and why the others were not.
 */

/** Most ref updates in one push: a push names a few refs, and the commands are kept until the report. */
const COMMANDS_MAX = 1000
/** Largest command section, every line counted: a push names a few refs. */
const COMMANDS_MAX_BYTES = 1024 * 1024
/** What the server offers; `delete-refs` so that a deletion reaches us and is refused with a reason. */
const CAPABILITIES = 'report-status delete-refs side-band-64k quiet ofs-delta object-format=sha1 agent=quire'
/** Largest side-band packet payload, band byte excluded (side-band-64k packets are at most 65520 bytes). */
const BAND_MAX = 65515

/** The answer to `info/refs?service=git-receive-pack`: the branch and its tip, with our capabilities. */
export function receivePackAdvertisement(branch: string, head: string | undefined): Uint8Array {
  const first = head
    ? `${head} refs/heads/${branch}\0${CAPABILITIES}\n`
    : `${ZERO_OID} capabilities^{}\0${CAPABILITIES}\n`
  return concat([pktLine('# service=git-receive-pack\n'), FLUSH, pktLine(first), FLUSH])
}

/** A request the protocol cannot read. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProtocolError'
  }
}

export type PushCommands = {
  updates: RefUpdate[]
  capabilities: Set<string>
  /**
   * Why the push is refused before its pack is read, when its commands go beyond what a push names;
   * `updates` then holds the commands read until then, for the report.
   */
  refusal?: string
  /** What follows the commands: the pack (empty when every command deletes). */
  pack: AsyncIterable<Uint8Array>
}

/**
 * Reads the commands at the start of a receive-pack request, leaving the pack after them unread.
 * Commands beyond COMMANDS_MAX or COMMANDS_MAX_BYTES stop the reading with a refusal, so that a
 * request of endless commands holds neither memory nor time.
 */
export async function readPushCommands(body: AsyncIterable<Uint8Array>): Promise<PushCommands> {
  const chunks = body[Symbol.asyncIterator]()
  let buffer: Uint8Array = new Uint8Array()
  const updates: RefUpdate[] = []
  let capabilities = new Set<string>()
  // The bytes of the lines read: the section as a whole counts, not only what is left to read.
  let read = 0
  let refusal: string | undefined
  const decoder = new TextDecoder()
  for (;;) {
    if (buffer.length >= 4) {
      const length = Number.parseInt(decoder.decode(buffer.subarray(0, 4)), 16)
      if (Number.isNaN(length) || (length > 0 && length < 4)) throw new ProtocolError('malformed pkt-line')
      if (length === 0) {
        buffer = buffer.subarray(4)
        break
      }
      // Known from the line's length alone: a line beyond the limit is never waited for.
      if (read + length > COMMANDS_MAX_BYTES) {
        refusal = `the commands of this push are larger than ${COMMANDS_MAX_BYTES} bytes`
        break
      }
      if (buffer.length >= length) {
        const line = decoder.decode(buffer.subarray(4, length)).replace(/\n$/, '')
        buffer = buffer.subarray(length)
        read += length
        // A push from a shallow clone names its shallow commits first; the pack check covers them.
        if (line.startsWith('shallow ')) continue
        if (updates.length === COMMANDS_MAX) {
          refusal = `a push updates at most ${COMMANDS_MAX} refs; push fewer at a time`
          break
        }
        const [command = '', caps] = line.split('\0')
        if (caps !== undefined && updates.length === 0) capabilities = new Set(caps.trim().split(' '))
        const [from = '', to = '', ref = ''] = command.split(' ')
        if (!COMMIT_ID.test(from) || !COMMIT_ID.test(to) || !ref) throw new ProtocolError('malformed command')
        updates.push({ ref, from: from === ZERO_OID ? null : from, to: to === ZERO_OID ? null : to })
        continue
      }
    }
    const next = await chunks.next()
    // An empty body is Git's probe (`0000` or nothing) before a large push: no commands.
    if (next.done) {
      if (buffer.length === 0) break
      throw new ProtocolError('the request ended inside its commands')
    }
    // Holds at most one line not yet whole and the chunk read: whole lines are taken out first.
    buffer = concat([buffer, next.value])
  }
  const rest = buffer
  const pack = (async function* () {
    if (rest.length > 0) yield rest
    for (;;) {
      const next = await chunks.next()
      if (next.done) return
      yield next.value
    }
  })()
  return { updates, capabilities, refusal, pack }
}

/** One ref's line in the report: taken, or refused with a one-line reason. */
export type RefReport = { ref: string; refusal?: string }

/**
 * The body answering a push: `messages` on the progress band (Git prints them as `remote: …`),
 * then the report status (`unpack ok`, `ok <ref>` or `ng <ref> <reason>`), on band 1 when the
 * client asked for side-band-64k; the report only when it asked for report-status.
 */
export function pushReport(
  capabilities: Set<string>,
  unpack: string | undefined,
  refs: RefReport[],
  messages: string[],
): Uint8Array {
  const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()
  const report = capabilities.has('report-status')
    ? concat([
        pktLine(`unpack ${unpack === undefined ? 'ok' : oneLine(unpack)}\n`),
        ...refs.map((r) =>
          pktLine(r.refusal === undefined ? `ok ${r.ref}\n` : `ng ${r.ref} ${oneLine(r.refusal)}\n`),
        ),
        FLUSH,
      ])
    : new Uint8Array()
  if (!capabilities.has('side-band-64k')) return report
  const parts: Uint8Array[] = []
  for (const message of messages) {
    for (const line of message.split('\n')) parts.push(band(2, new TextEncoder().encode(`${line}\n`)))
  }
  for (let at = 0; at < report.length; at += BAND_MAX) parts.push(band(1, report.subarray(at, at + BAND_MAX)))
  parts.push(FLUSH)
  return concat(parts)
}

/** A side-band packet: the band's number, then the payload. */
function band(number: number, payload: Uint8Array): Uint8Array {
  return pktLine(concat([Uint8Array.of(number), payload]))
}
