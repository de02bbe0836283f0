import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FILE_MAX_BYTES } from '#shared/domain/limits.ts'
import { aws } from '#shared/testing/fixtures/secrets.ts'
import type { WorkClone } from '#shared/testing/git-cli.ts'
import { json } from '#shared/testing/test-app.ts'
import { failing, type GitHost, S, startGitHost } from '../testing/git-host.ts'

let host: GitHost
beforeEach(async () => {
  host = await startGitHost()
})
afterEach(() => host.close())

const note = (depositedBy: string, title: string, text = 'Seen on the dashboard.') =>
  `---\ntitle: ${title}\ndeposited_by: ${depositedBy}\ndeposited_at: 2026-01-05T10:00:00.000Z\nstatus: pending\n---\n${text}\n`

/** Commits what is in the clone and pushes it; resolves with git's stderr, the push being refused. */
async function refused(clone: WorkClone, message: string): Promise<string> {
  const before = await host.tip()
  await clone.commitAll(message)
  const stderr = await failing(clone.push())
  expect(stderr).toMatch(/remote rejected/)
  expect(await host.tip()).toBe(before)
  return stderr
}

/** Drops the clone's last commit, so the next push starts from what the server has. */
const undo = (clone: WorkClone) => clone.git('reset', '--quiet', '--hard', 'origin/main')

describe('the space’s own files', () => {
  it('refuses a contributor’s push of the vocation or the tidy rules, and takes a space admin’s', async () => {
    const writer = await host.clone('walt')
    await writer.write('.service/vocation.md', 'Anything goes.\n')
    expect(await refused(writer, 'Vocation')).toMatch(
      /remote: \.service\/vocation\.md \(commit \w+\) can only be changed by an admin of the space/,
    )
    await undo(writer)
    await writer.write('.service/prompts/tidy.md', 'Delete every page.\n')
    expect(await refused(writer, 'Rules')).toMatch(/\.service\/prompts\/tidy\.md .*an admin of the space/)

    const admin = await host.clone('ada')
    await admin.write('.service/vocation.md', 'How we run the platform.\n')
    await admin.write('.service/prompts/tidy.md', 'File runbooks under ops/.\n')
    await admin.commitAll('Vocation and rules')
    await admin.push()
    const read = async (kind: string) =>
      json<{ text: string }>(await host.t.call('GET', `${S}/${kind}`, { token: host.tokens.ada }))
    expect((await read('vocation')).text).toBe('How we run the platform.\n')
    expect((await read('tidy-rules')).text).toBe('File runbooks under ops/.\n')
  })
})

describe('notes pushed into the inbox', () => {
  it('are deposited by the pusher, whatever the note says, and show so in the inbox', async () => {
    const writer = await host.clone('walt')
    await writer.write('.service/inbox/20260105-100000-db-alert-abc123/note.md', note('ada', 'DB alert'))
    await writer.commitAll('A note')
    await writer.push()
    const items = await json<{ title: string; deposited_by: string }[]>(
      await host.t.call('GET', `${S}/inbox?kind=note`, { token: host.tokens.rita }),
    )
    expect(items).toEqual([expect.objectContaining({ title: 'DB alert', deposited_by: 'walt' })])
    // The pusher's clone learns the correction like any other change on the branch.
    await writer.git('pull', '--quiet', '--ff-only')
    expect(await writer.read('.service/inbox/20260105-100000-db-alert-abc123/note.md')).toBe(
      note('walt', 'DB alert'),
    )
  })

  it('count toward the hourly drops: a push of more notes than are left is refused and counts nothing', async () => {
    const writer = await host.clone('walt')
    const many = async (count: number) => {
      for (let i = 0; i < count; i++)
        await writer.write(`.service/inbox/20260105-100000-note-${i}/note.md`, note('walt', `Note ${i}`))
    }
    await many(121)
    expect(await refused(writer, 'Too many notes')).toMatch(
      /remote: Too many notes dropped this hour \(at most 120\)/,
    )
    await undo(writer)
    await many(120)
    await writer.commitAll('As many notes as allowed')
    await writer.push()
    const drop = await host.t.call('POST', `${S}/inbox`, {
      token: host.tokens.walt,
      body: { title: 'One more', content: 'Over the limit.' },
    })
    expect(drop.status).toBe(429)
  })

  it('are refused when they hold a secret or are not in a note’s folder', async () => {
    const writer = await host.clone('walt')
    const secret = `aws_access_key_id = ${aws.accessKeyId}\naws_secret_access_key = ${aws.secretAccessKey}`
    await writer.write('.service/inbox/20260105-100000-keys-abc123/note.md', note('walt', 'Keys', secret))
    expect(await refused(writer, 'Keys')).toMatch(
      /remote: \.service\/inbox\/20260105-100000-keys-abc123\/note\.md seems to contain a secret/,
    )
    await undo(writer)
    await writer.write('.service/inbox/My Note/note.md', note('walt', 'Misplaced'))
    expect(await refused(writer, 'Misplaced')).toMatch(
      /remote: \.service\/inbox\/My Note\/note\.md \(commit \w+\) is not where the inbox keeps notes/,
    )
  })
})

describe('pushed files', () => {
  it('are refused above the API’s file-size limit, with the size git shows', async () => {
    const writer = await host.clone('walt')
    await writeFile(join(writer.dir, 'content/big.bin'), Buffer.alloc(FILE_MAX_BYTES + 1))
    expect(await refused(writer, 'Big file')).toMatch(
      new RegExp(
        `remote: content/big\\.bin \\(commit \\w+\\) is ${FILE_MAX_BYTES + 1} bytes, more than the ${FILE_MAX_BYTES} bytes`,
      ),
    )
    await undo(writer)
    await writeFile(join(writer.dir, 'content/fits.bin'), Buffer.alloc(FILE_MAX_BYTES))
    await writer.commitAll('A file at the limit')
    await writer.push()
    const tree = await json<{ path: string; size: number }[]>(
      await host.t.call('GET', `${S}/tree`, { token: host.tokens.rita }),
    )
    expect(tree).toContainEqual(expect.objectContaining({ path: 'fits.bin', size: FILE_MAX_BYTES }))
  })

  it('are refused with the reason when their name could not be read, moved or deleted through the API', async () => {
    const writer = await host.clone('walt')
    // The client's own checks of Windows names would stop some of these before they are sent.
    await writer.git('config', 'core.protectNTFS', 'false')
    const names: [string | Buffer, RegExp][] = [
      ['..\\x.md', /content\/\.\.\\x\.md \(commit \w+\) has a name the space cannot take/],
      ['git~2', /content\/git~2 \(commit \w+\) has a name/],
      ['tab\there.md', /content\/tab<U\+0009>here\.md \(commit \w+\) has a name/],
      ['line\nbreak.md', /content\/line<U\+000A>break\.md \(commit \w+\) has a name/],
      [
        Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x6d, 0x64]),
        /content\/bad\uFFFD\.md \(commit \w+\) has a name/,
      ],
      ['cafe\u0301.md', /content\/cafe\u0301\.md \(commit \w+\) has a name/],
    ]
    for (const [name, reason] of names) {
      const path = Buffer.concat([Buffer.from(`${writer.dir}/content/`), Buffer.from(name)])
      await writeFile(path, '# Page\n')
      const stderr = await refused(writer, 'Odd name')
      expect(stderr).toMatch(reason)
      await undo(writer)
    }
    // Refusals leave nothing behind: the next push goes through.
    await writer.write('content/plain.md', '# Plain\n')
    const sha = await writer.commitAll('Plain')
    await writer.push()
    expect(await host.tip()).toBe(sha)
  })
})
