/**
 * Fills a running server with a little of everything a data folder holds, through the REST API
 * only (so it runs against older releases too), and prints what was acknowledged as JSON: the
 * upgrade test reads it all back from the same folder on the current code.
 *
 *   node scripts/upgrade-fixture/seed.ts <server-url> <admin-token>
 */

const [base, adminToken] = process.argv.slice(2)
if (!base || !adminToken) {
  console.error('usage: node scripts/upgrade-fixture/seed.ts <server-url> <admin-token>')
  process.exit(2)
}

type Call = { status: number; body: Record<string, unknown> }

/** One API call; fails the seeding on any status other than `expected`. */
async function call(
  auth: { token?: string; cookie?: string },
  method: string,
  path: string,
  body: unknown,
  expected: number,
): Promise<Call> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' }
  if (auth.token) headers.authorization = `Bearer ${auth.token}`
  if (auth.cookie) headers.cookie = auth.cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
  const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  return { status: res.status, body: { ...parsed, 'set-cookie': res.headers.get('set-cookie') ?? '' } }
}

const admin = { token: adminToken }
const space = '/organizations/acme/spaces/handbook'
const ada = { username: 'ada', password: 'ada-lovelace-analytical-engine' }

await call(
  admin,
  'POST',
  '/users',
  {
    username: ada.username,
    display_name: 'Ada Lovelace',
    password: ada.password,
    email: 'ada@example.com',
    is_superadmin: false,
  },
  201,
)
await call(
  admin,
  'POST',
  '/organizations',
  { slug: 'acme', name: 'Acme', description: 'Upgrade fixture', join: true },
  201,
)
await call(admin, 'PUT', '/organizations/acme/members/ada', { role: 'member' }, 200)
await call(
  admin,
  'POST',
  '/organizations/acme/spaces',
  { slug: 'handbook', name: 'Handbook', description: '' },
  201,
)
await call(
  admin,
  'POST',
  '/organizations/acme/spaces',
  { slug: 'archive', name: 'Archive', description: 'Old things' },
  201,
)
await call(admin, 'PUT', `${space}/members/ada`, { role: 'contributor' }, 200)
await call(
  admin,
  'PUT',
  `${space}/vocation`,
  {
    text: 'How the team works: onboarding, setup and the services we run.\n',
    base_sha: '',
    allow_secrets: false,
  },
  200,
)

/** Pages as written, before the move below. */
const pages: Record<string, string> = {
  'welcome.md':
    '---\ntitle: Welcome\ntags: [start]\n---\n# Welcome\n\nStart with [onboarding](guide/onboarding.md).\n',
  'guide/onboarding.md': '# Onboarding\n\nYour first week: accounts, the laptop, and [setup](setup.md).\n',
  'guide/setup.md':
    '# Setup\n\nInstall Git and Node, then clone the handbook. Back to [onboarding](onboarding.md).\n',
  'reference/backups.md':
    '# Backups\n\nThe nightly backup copies the database and every repository to cold storage.\n',
  'reference/obsolete.md': '# Obsolete\n\nThis page is deleted below.\n',
  'fr/accueil.md':
    '# Accueil\n\nBienvenue dans le manuel : les sauvegardes, l’installation et l’arrivée des nouveaux.\n',
}
for (const [path, content] of Object.entries(pages)) {
  await call(admin, 'PUT', `${space}/files/${path}`, { content, message: `Add ${path}` }, 201)
}
// A small PNG beside the pages.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
await call(
  admin,
  'PUT',
  `${space}/files/images/logo.png`,
  { content_base64: png.toString('base64'), message: 'Add the logo' },
  201,
)
await call(admin, 'POST', `${space}/move`, { from: 'guide/setup.md', to: 'guide/install.md' }, 200)
await call(admin, 'DELETE', `${space}/files/reference/obsolete.md`, undefined, 204)
await call(
  admin,
  'POST',
  `${space}/verify/reference/backups.md`,
  { owner: 'ada', review_every: '6m', verify: true },
  200,
)
await call(admin, 'PUT', `${space}/semantic`, { enabled: true }, 200)
await call(
  admin,
  'POST',
  `${space}/inbox`,
  {
    title: 'Printer on the second floor',
    content: 'The printer on the second floor needs the new driver.',
    hint: '',
    source: 'hallway',
  },
  201,
)
const webhook = await call(
  admin,
  'POST',
  '/organizations/acme/webhooks',
  {
    url: 'https://hooks.example.com/quire',
    events: ['page.created'],
  },
  201,
)
const routine = await call(admin, 'POST', `${space}/routines`, { template: 'coherence' }, 201)

// Ada's own read-only token for the handbook, made in her web session.
const signIn = await call({}, 'POST', '/session', ada, 200)
const cookie = String(signIn.body['set-cookie']).split(';')[0] ?? ''
const adaToken = await call(
  { cookie },
  'POST',
  '/me/tokens',
  {
    name: 'reader',
    days: null,
    read_only: true,
    spaces: ['acme/handbook'],
  },
  201,
)

/** Every file of the handbook as it now stands: path, blob hash and bytes (base64). */
const tree = await call(admin, 'GET', `${space}/tree`, undefined, 200)
const entries = (
  Array.isArray(tree.body) ? tree.body : (tree.body.files ?? Object.values(tree.body))
) as unknown
const files: { path: string; sha: string; base64: string }[] = []
for (const entry of (Array.isArray(entries) ? entries : []) as { path?: string; sha?: string }[]) {
  if (!entry.path) continue
  const res = await fetch(`${base}/api/v1${space}/raw/${entry.path}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
  if (!res.ok) throw new Error(`raw ${entry.path}: ${res.status}`)
  const read = await call(admin, 'GET', `${space}/files/${entry.path}`, undefined, 200)
  files.push({
    path: entry.path,
    sha: String(read.body.sha),
    base64: Buffer.from(await res.arrayBuffer()).toString('base64'),
  })
}

process.stdout.write(
  `${JSON.stringify(
    {
      admin: { username: 'admin', token: adminToken },
      ada: { ...ada, token: adaToken.body.token },
      organization: 'acme',
      spaces: ['archive', 'handbook'],
      files,
      moved: { from: 'guide/setup.md', to: 'guide/install.md' },
      deleted: ['reference/obsolete.md'],
      inbox: ['Printer on the second floor'],
      webhooks: [webhook.body.url],
      routines: [routine.body.name],
    },
    null,
    2,
  )}\n`,
)
