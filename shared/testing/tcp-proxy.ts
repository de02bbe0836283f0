import { connect, createServer, type Server, type Socket } from 'node:net'

/** A loopback TCP proxy that can cut the line: a network between two programs that goes down and up. */
export type TcpProxy = {
  /** `http://127.0.0.1:<port>`: the proxy's address. */
  url: string
  /** Refuses new connections and drops the open ones, as a network that went away. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** Proxies 127.0.0.1:<a free port> to `targetPort` on loopback. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect({ host: '127.0.0.1', port: targetPort })
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.once('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port
        server = s
        resolve()
      })
    })
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server) return resolve()
      server.close(() => resolve())
      server = undefined
    })
  await open()
  return { url: `http://127.0.0.1:${port}`, cut: shut, restore: open, close: shut }
}
