import { startWebhookReceiver } from '../shared/testing/webhook-receiver.ts'
import { startBenchServer } from './setup.ts'
import { report, time } from './stats.ts'

/**
 * The time from a page write through the API to its `page.created` event arriving, signed, at a
 * receiver on loopback: the write's commit, the event queued, the webhook runner woken, signing
 * and the HTTP delivery. One write at a time, each waiting for its event.
 */
export async function benchWebhooks(count: number): Promise<void> {
  const server = await startBenchServer()
  const receiver = await startWebhookReceiver()
  try {
    await server.api('POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
    await server.api('POST', '/organizations/bench/spaces', { slug: 'hooks', name: 'Hooks' })
    const created = await server.api('POST', '/organizations/bench/webhooks', {
      url: receiver.url,
      events: ['page.created'],
    })
    if (created.status !== 201)
      throw new Error(`webhook not created: ${created.status} ${await created.text()}`)
    receiver.trustSecret(((await created.json()) as { secret: string }).secret)
    let n = 0
    const samples = await time(count, async () => {
      const page = n++
      const response = await server.api('PUT', `/organizations/bench/spaces/hooks/files/p-${page}.md`, {
        content: `# Page ${page}\n`,
      })
      if (response.status !== 201) throw new Error(`write failed: ${response.status}`)
      await receiver.waitFor(page + 1)
    })
    if (!receiver.received.every((r) => r.verified)) throw new Error('a delivery failed its signature check')
    report('Page write to its webhook event received (page.created)', samples)
  } finally {
    await receiver.close()
    await server.close()
  }
}
