/**
 * Loaded with `node --import` (into the main thread and every worker thread) to prove that code runs
 * offline: each way out to the network throws, and is written to the file QUIRE_NETWORK_LOG names.
 */

import dns from 'node:dns'
import { appendFileSync } from 'node:fs'
import net from 'node:net'
import { isMainThread, threadId } from 'node:worker_threads'

const log = process.env.QUIRE_NETWORK_LOG

function note(line: string): void {
  if (log) appendFileSync(log, `${line}\n`)
}

function refuse(what: string): never {
  note(`attempt ${what}`)
  throw new Error(`Network access refused in this test: ${what}`)
}

globalThis.fetch = async (input) => refuse(`fetch ${input instanceof Request ? input.url : String(input)}`)
net.Socket.prototype.connect = function connect(...args: unknown[]): never {
  refuse(`connect ${JSON.stringify(args[0])}`)
} as typeof net.Socket.prototype.connect
dns.lookup = ((hostname: string) => refuse(`lookup ${hostname}`)) as unknown as typeof dns.lookup
dns.promises.lookup = ((hostname: string) =>
  refuse(`lookup ${hostname}`)) as unknown as typeof dns.promises.lookup

note(`armed ${isMainThread ? 'main' : `worker ${threadId}`}`)
