import { composeNodeDeps, type NodeDeps } from '#shared/host/node-deps.ts'
import type { Logger } from '#shared/ports/logger.ts'
import type { Config } from './config.ts'

/**
 * The hosted server's dependencies, on its configuration: production's costs and time limits, and
 * long secret scans in a thread. `close` stops the workers and the database.
 */
export function buildDeps(
  config: Config,
  logger?: Logger,
): Promise<Pick<NodeDeps, 'deps' | 'close' | 'isLeader' | 'shared'>> {
  return composeNodeDeps({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    secretKey: config.secretKey,
    allowPrivateNetwork: config.allowPrivateNetwork,
    embeddingsModelDir: config.embeddingsModelDir,
    embeddingThreads: config.embeddingThreads,
    builtinModel: config.builtinModel,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    webhooks: { retryDelaysMs: config.webhookRetryDelaysMs, disableAfter: config.webhookDisableAfter },
    logger,
  })
}
