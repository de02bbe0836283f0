import { connect } from 'node:net'

/** The host and port a remote's address reaches: https, http, ssh:// and scp-like `user@host:path`. */
export function remoteEndpoint(repoUrl: string): { host: string; port: number } | undefined {
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/\/)/.exec(repoUrl)
  if (scp?.[1] && !/^[a-z]+:\/\//i.test(repoUrl)) return { host: scp[1], port: 22 }
  try {
    const url = new URL(repoUrl)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const port = url.port
      ? Number(url.port)
      : url.protocol === 'https:'
        ? 443
        : url.protocol === 'http:'
          ? 80
          : 22
    return host ? { host, port } : undefined
  } catch {
    return undefined
  }
}

/** Whether a TCP connection to the remote opens within `timeoutMs`: the network is back for it. */
export function canReach(endpoint: { host: string; port: number }, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: endpoint.host, port: endpoint.port })
    const done = (reachable: boolean) => {
      socket.destroy()
      resolve(reachable)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}
