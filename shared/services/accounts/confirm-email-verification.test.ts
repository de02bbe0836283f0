import { beforeEach, describe, expect, it } from 'vitest'
import { VERIFICATION_LINK_MS } from '../../domain/limits.ts'
import { actorOf, addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { memoryMailer } from '../../testing/fakes/memory-mailer.ts'
import { testClock } from '../../testing/fakes/test-clock.ts'
import { drainJobs } from '../jobs/job-worker.ts'
import { confirmEmailVerification } from './confirm-email-verification.ts'
import { requestEmailVerification } from './request-email-verification.ts'

const newDeps = () => memoryDeps({ clock: testClock(), mailer: memoryMailer() })
let deps: ReturnType<typeof newDeps>
let link: string

beforeEach(async () => {
  deps = newDeps()
  const ada = await actorOf(deps, (await addPerson(deps, 'ada')).token)
  await requestEmailVerification(deps, ada, 'https://wiki.example')
  await drainJobs(deps)
  link = /\/verify-email\/(qver_[\w-]+)/.exec(deps.mailer.sent[0]?.text ?? '')?.[1] ?? ''
})

const ada = async () => (await deps.store.accounts.byUsername('ada'))!
const unusable = { reason: 'link_unusable', code: 'not_found' }

describe('confirmEmailVerification', () => {
  it('verifies the address once: the same link again is 404', async () => {
    await confirmEmailVerification(deps, link)
    expect(await ada()).toMatchObject({ email: 'ada@example.com', emailVerified: true })
    await expect(confirmEmailVerification(deps, link)).rejects.toMatchObject(unusable)
  })

  it('works for 24 hours, not a moment longer', async () => {
    deps.clock.advance(VERIFICATION_LINK_MS - 1)
    await expect(confirmEmailVerification(deps, link)).resolves.toBeUndefined()

    const late = memoryDeps({ clock: testClock(), mailer: memoryMailer() })
    const bob = await actorOf(late, (await addPerson(late, 'bob')).token)
    await requestEmailVerification(late, bob, 'https://wiki.example')
    await drainJobs(late)
    const bobLink = /\/verify-email\/(qver_[\w-]+)/.exec(late.mailer.sent[0]?.text ?? '')?.[1] ?? ''
    late.clock.advance(VERIFICATION_LINK_MS)
    await expect(confirmEmailVerification(late, bobLink)).rejects.toMatchObject(unusable)
    expect((await late.store.accounts.byUsername('bob'))?.emailVerified).toBe(false)
  })

  it('verifies nothing once the account has another address', async () => {
    const { id } = await ada()
    await deps.store.accounts.update(id, { email: 'ada@corp.example' }, deps.clock.now())
    await expect(confirmEmailVerification(deps, link)).rejects.toMatchObject(unusable)
    expect(await ada()).toMatchObject({ email: 'ada@corp.example', emailVerified: false })
  })

  it('verifies nothing for a deactivated account, nor for a secret no link was sent with', async () => {
    await expect(confirmEmailVerification(deps, 'qver_made-up')).rejects.toMatchObject(unusable)
    await deps.store.accounts.update((await ada()).id, { isActive: false }, deps.clock.now())
    await expect(confirmEmailVerification(deps, link)).rejects.toMatchObject(unusable)
    expect((await ada()).emailVerified).toBe(false)
  })
})
