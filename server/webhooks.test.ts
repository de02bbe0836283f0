import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from '#shared/testing/webhook-receiver.ts'
import { type InProcessServer, startInProcess } from './testing/in-process-server.ts'

const TOKEN = 'webhooks-admin-token-0123456789abcdef'

let dir: string
let receiver: WebhookReceiver
let running: InProcessServer | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-server-webhooks-'))
  receiver = await startWebhookReceiver()
})
afterEach(async () => {
  await running?.server.close()
  running = undefined
  await receiver.close()
  await rm(dir, { recursive: true, force: true })
})

describe('a running server', () => {
  it('delivers webhooks on its own, and without SMTP writes the switched-off notice to the outbox', async () => {
    running = await startInProcess(dir, TOKEN, {
      env: { SERVICE_WEBHOOK_DISABLE_AFTER: '1', SERVICE_MAIL_FROM: 'Wiki <wiki@example.com>' },
    })
    const { api } = running
    await api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    await api('PATCH', '/users/admin', { email: 'admin@example.com' })
    await api('POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
    const created = (await (
      await api('POST', '/organizations/acme/webhooks', { url: receiver.url })
    ).json()) as {
      id: string
      secret: string
    }
    receiver.trustSecret(created.secret)
    await api('PUT', '/organizations/acme/spaces/wiki/files/hello.md', { content: '# Hello\n' })
    const [event] = await receiver.waitFor(1)
    expect(event).toMatchObject({ type: 'page.created', verified: true, data: { path: 'hello.md' } })

    // One failure switches it off (SERVICE_WEBHOOK_DISABLE_AFTER=1): the admins are told.
    receiver.answer(() => ({ status: 500 }))
    await api('PUT', '/organizations/acme/spaces/wiki/files/again.md', { content: '# Again\n' })
    await receiver.waitFor(2)
    // The address set above was mailed a link to verify it first: the notice is the other message.
    const outbox = join(dir, 'outbox')
    const deadline = Date.now() + 10_000
    let mail: ParsedMail | undefined
    while (!mail && Date.now() < deadline) {
      for (const file of await readdir(outbox).catch(() => [] as string[])) {
        const parsed = await simpleParser(await readFile(join(outbox, file)))
        if (parsed.subject?.startsWith('Webhook switched off')) mail = parsed
      }
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(mail?.subject).toBe(`Webhook switched off: ${receiver.url}`)
    expect(mail?.from?.text).toBe('"Wiki" <wiki@example.com>')
  })
})
