import type { MessagePort } from 'node:worker_threads'
import type { MessageLink } from '../bridge.ts'

/** A Node MessagePort as a link, standing in for Electron's ports in tests. */
export function nodeLink(port: MessagePort): MessageLink {
  return {
    send: (message) => port.postMessage(message),
    listen(listener) {
      port.on('message', listener)
      return () => port.off('message', listener)
    },
  }
}
