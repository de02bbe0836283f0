import { type Probe, type Seeded, WIKI } from './row.ts'
import { CALLERS, ORGS, type Person, SPACES } from './world.ts'

type Setup = Pick<Probe, 'admin' | 'send'>

/** The wiki's one page: Markdown, so its related pages and its verification can be asked for. */
export const GUIDE = 'guide.md'

/**
 * Builds the world of `world.ts` through the API as the super admin, with what the rows point at:
 * a page, a note with an attachment, a webhook, a routine, a tidy-up run and a signed Git-host hook.
 */
export async function seedWorld({ admin }: Setup): Promise<Seeded> {
  for (const [org, members] of Object.entries(ORGS)) {
    await admin('POST', '/organizations', { slug: org, name: org })
    for (const [who, role] of Object.entries(members))
      await admin('PUT', `/organizations/${org}/members/${who}`, { role })
  }
  for (const [ref, members] of Object.entries(SPACES)) {
    const [org, space] = ref.split('/')
    await admin('POST', `/organizations/${org}/spaces`, { slug: space, name: space })
    for (const [who, role] of Object.entries(members))
      await admin('PUT', `/organizations/${org}/spaces/${space}/members/${who}`, { role })
  }
  await admin('PUT', `${WIKI}/files/${GUIDE}`, { content: '# Guide\n\nHow the team works, step by step.\n' })
  const attachment = 'notes.txt'
  const note = await admin<{ name: string }>('POST', `${WIKI}/inbox`, {
    title: 'Meeting notes',
    content: 'What the team agreed on.',
    attachments: [{ name: attachment, content_base64: Buffer.from('agreed').toString('base64') }],
  })
  // A closed port on loopback: nothing is delivered during the test, and nothing could arrive.
  const webhook = await admin<{ id: string }>('POST', '/organizations/acme/webhooks', {
    url: 'http://127.0.0.1:9/hook',
  })
  const routine = await admin<{ id: string }>('POST', `${WIKI}/routines`, { template: 'coherence' })
  const tidyRun = await admin<{ run: string }>('POST', `${WIKI}/tidy`)
  const hook = await admin<{ secret: string }>('POST', '/organizations/acme/spaces/hooked/git/webhook-secret')
  return {
    webhook: webhook.id,
    routine: routine.id,
    note: note.name,
    attachment,
    tidyRun: tidyRun.run,
    hookSecret: hook.secret,
  }
}

/** Signs one person in: the session's cookie, with the header a cross-site form cannot send. */
async function signIn({ send }: Setup, who: Person): Promise<Record<string, string>> {
  const signedIn = await send('POST', '/session', { body: { username: who, password: `${who}-password` } })
  const cookie = /quire_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0]
  if (!cookie) throw new Error(`${who} could not sign in: ${signedIn.status}`)
  return { cookie, 'x-requested-with': 'XMLHttpRequest' }
}

/** Creates a personal token through a session; returns its id and its secret. */
async function newToken(
  { send }: Setup,
  session: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ id: string; token: string }> {
  const response = await send('POST', '/me/tokens', { headers: session, body: { name: 'probe', ...body } })
  if (response.status !== 201) throw new Error(`no token: ${await response.text()}`)
  return (await response.json()) as { id: string; token: string }
}

/** Mints a full personal token for a person and returns its id (for a row that revokes one). */
export async function mintToken(setup: Setup, who: Person): Promise<string> {
  return (await newToken(setup, await signIn(setup, who), {})).id
}

/** Signs one person in and issues each of their callers' credentials, as request headers. */
export async function issueCredentials(
  setup: Setup,
  who: Person,
): Promise<Map<string, Record<string, string>>> {
  const session = await signIn(setup, who)
  const credentials = new Map<string, Record<string, string>>()
  for (const caller of CALLERS.filter((c) => c.who === who)) {
    if (caller.session) {
      credentials.set(caller.name, session)
      continue
    }
    const { token } = await newToken(setup, session, { read_only: caller.readOnly, spaces: caller.spaces })
    credentials.set(caller.name, { authorization: `Bearer ${token}` })
  }
  return credentials
}
