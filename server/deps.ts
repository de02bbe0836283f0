import { composeNodeDeps, type NodeDeps } from '#shared/adapters/node-deps.ts'
import type { Config } from './config.ts'

/**
 * The hosted server's dependencies, on its configuration: production's costs and time limits, and
 * long secret scans in a thread. `close` stops the workers and the database.
 */
export function buildDeps(config: Config): Promise<Pick<NodeDeps, 'deps' | 'close'>> {
  return composeNodeDeps({
    dataDir: config.dataDir,
    secretKey: config.secretKey,
    allowPrivateNetwork: config.allowPrivateNetwork,
    embeddingsModelDir: config.embeddingsModelDir,
  })
}
