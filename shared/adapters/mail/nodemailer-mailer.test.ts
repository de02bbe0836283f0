import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSmtpServer, type TestSmtpServer } from '../../testing/smtp-server.ts'
import { createMailer } from './nodemailer-mailer.ts'

const MESSAGE = {
  to: ['dana@example.com'],
  subject: 'Résumé de la semaine',
  text: 'Trois pages créées.\n',
  html: '<p>Trois pages créées.</p>',
}

let dir: string
let smtp: TestSmtpServer | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-mail-'))
})
afterEach(async () => {
  await smtp?.close()
  smtp = undefined
  await rm(dir, { recursive: true, force: true })
})

describe('the mailer', () => {
  it('sends through the configured SMTP server, signed in, from the configured sender', async () => {
    smtp = await startSmtpServer()
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Wiki <wiki@example.com>',
      outboxDir: join(dir, 'outbox'),
    })
    await mailer.send(MESSAGE)
    const [mail] = await smtp.waitFor(1)
    expect(mail?.recipients).toEqual(['dana@example.com'])
    expect(mail?.from?.text).toBe('"Wiki" <wiki@example.com>')
    expect(mail?.subject).toBe(MESSAGE.subject)
    expect(mail?.text).toBe(MESSAGE.text)
    expect(mail?.html).toBe(MESSAGE.html)
    await expect(readdir(join(dir, 'outbox'))).rejects.toThrow()
  })

  it('rejects when the server refuses the credentials, so the job tries again', async () => {
    smtp = await startSmtpServer()
    const mailer = createMailer({ smtpUrl: smtp.url.replace('mail-secret', 'wrong'), outboxDir: dir })
    await expect(mailer.send(MESSAGE)).rejects.toThrow()
    expect(smtp.messages).toEqual([])
  })

  it('without an SMTP server, writes each message as an .eml file in the outbox and logs it without secrets', async () => {
    const logged: { obj: object; msg?: string }[] = []
    const log = (obj: object, msg?: string) => logged.push({ obj, msg })
    const outbox = join(dir, 'outbox')
    const mailer = createMailer({ outboxDir: outbox, logger: { info: log, warn: log, error: log } })
    await mailer.send(MESSAGE)
    await mailer.send({ ...MESSAGE, subject: 'Second' })
    const files = (await readdir(outbox)).sort()
    expect(files).toHaveLength(2)
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true)
    const mail = await simpleParser(await readFile(join(outbox, files[0] ?? '')))
    expect(mail.subject).toBe(MESSAGE.subject)
    expect(mail.text).toBe(MESSAGE.text)
    expect(mail.html).toBe(MESSAGE.html)
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('dana@example.com')
    expect(logged).toHaveLength(2)
    expect(logged[0]?.msg).toMatch(/outbox/)
  })
})
