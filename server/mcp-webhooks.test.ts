import { expect, it } from 'vitest'
import { startWebhookReceiver } from '#shared/testing/webhook-receiver.ts'
import { deliver, registerReceiver } from '#shared/testing/webhook-seed.ts'
import { mcpWorldPerTest } from './testing/mcp.ts'

const w = mcpWorldPerTest()

it('fires the page events of MCP writes on channel mcp, in the caller’s name', async () => {
  const receiver = await startWebhookReceiver()
  try {
    await registerReceiver(w.t, w.tokens.admin, receiver)
    const client = await w.connect(w.tokens.contributor, 'modern')
    const written = await w.call(client, 'write_page', {
      space: 'acme/wiki',
      path: 'from-mcp.md',
      content: '# MCP\n',
    })
    expect(written.isError).toBe(false)
    expect(await deliver(w.t, receiver)).toEqual([
      expect.objectContaining({
        type: 'page.created',
        verified: true,
        data: expect.objectContaining({
          path: 'from-mcp.md',
          channel: 'mcp',
          actor: expect.objectContaining({ username: 'walt' }),
        }),
      }),
    ])
  } finally {
    await receiver.close()
  }
})
