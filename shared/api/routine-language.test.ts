import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { drainJobs } from '../services/jobs/job-worker.ts'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { json, type TestApp, testApp } from '../testing/test-app.ts'

type Run = { status: string; summary: string; report: string; outputs: { inbox: string[] } }

let t: TestApp
let admin: string
let writer: string
const S = '/organizations/acme/spaces/maison'
const R = `${S}/routines`
/** A French wiki: a broken link, two pages nobody links to. */
const WIKI: Record<string, string> = {
  'accueil.md':
    '# Accueil\n\nBienvenue dans le wiki de la maison. Les [recettes](recettes/tarte.md) et les [papiers](papiers.md) sont ici.\n',
  'recettes/tarte.md':
    '# Tarte aux pommes\n\nLa pâte se fait avec du beurre et de la farine. Il faut une heure de cuisson.\n',
  'sante/medecins.md': '# Médecins\n\nLe médecin de famille reçoit le mardi et le jeudi, sur rendez-vous.\n',
  'voitures.md': '# Voitures\n\nLa révision de la voiture est faite tous les ans au garage du village.\n',
}

beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    spaces: { maison: { members: { walt: 'contributor' }, pages: WIKI } },
  })
  admin = world.token('ada')
  writer = world.token('walt')
})
afterEach(() => t.close())

async function run(template: string): Promise<Run> {
  const created = await json<{ id: string }>(await t.call('POST', R, { token: admin, body: { template } }))
  expect((await t.call('POST', `${R}/${created.id}/run`, { token: admin })).status).toBe(202)
  await drainJobs(t.deps)
  return (await json<Run[]>(await t.call('GET', `${R}/${created.id}/runs`, { token: writer })))[0]!
}

describe('the built-in routines in the space’s language', () => {
  it('writes a French space’s coherence report and findings in French', async () => {
    const report = await run('coherence')
    expect(report.status).toBe('done')
    expect(report.summary).toMatch(
      /^\d+ problèmes trouvés dans 4 pages : 1 lien cassé, \d+ paires? presque identiques?, 0 contradiction, 3 pages orphelines, 0 page à relire\.$/,
    )
    expect(report.report).toContain('## Liens cassés (1)')
    expect(report.report).toContain('`accueil.md` pointe vers `papiers.md`, qui n’existe pas.')
    expect(report.report).toContain('## Pages à relire (0)\n\nAucun.')
    expect(report.report).toContain('Aucune page ne pointe vers `voitures.md`')
    expect(report.outputs.inbox).toContain('Lien cassé dans accueil.md')
    expect(report.outputs.inbox).toContain('Page orpheline : voitures.md')
  })

  it('writes a French space’s digest in French', async () => {
    t.clock.advance(86_400_000)
    await t.call('PUT', `${S}/files/papiers.md`, {
      token: writer,
      body: { content: '# Papiers\n\nLes passeports sont dans le tiroir du bureau.\n' },
    })
    const digest = await run('digest')
    expect(digest.summary).toMatch(
      /^Du \d{4}-\d\d-\d\d au \d{4}-\d\d-\d\d : 5 pages créées, 0 modifiée, 0 déplacée, 0 supprimée, 0 note classée, par /,
    )
    expect(digest.report).toContain('## (racine)\n\n- Création de `accueil.md`, par Ada (')
    expect(digest.report).toContain('- Création de `papiers.md`, par Walt (')
    expect(digest.report).toContain('## recettes/\n\n- Création de `recettes/tarte.md`')
  })

  it('writes its page under a name every clone holds, and not beside one named the same but for case', async () => {
    const refused = await t.call('POST', R, {
      token: admin,
      body: { template: 'coherence', output_page: 'rapports/CON.md' },
    })
    expect(refused.status).toBe(400)
    expect((await json<{ message: string }>(refused)).message).toContain('"CON.md"')
    const created = await json<{ id: string }>(
      await t.call('POST', R, { token: admin, body: { template: 'coherence', output_page: 'Accueil.md' } }),
    )
    expect((await t.call('POST', `${R}/${created.id}/run`, { token: admin })).status).toBe(202)
    await drainJobs(t.deps)
    const [failed] = await json<(Run & { error: string })[]>(
      await t.call('GET', `${R}/${created.id}/runs`, { token: writer }),
    )
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('"accueil.md" is already in the space'),
    })
    expect((await t.call('GET', `${S}/files/Accueil.md`, { token: writer })).status).toBe(404)
  })

  it('still switches off a routine whose page was named before names had to suit every clone', async () => {
    const created = await json<{ id: string }>(
      await t.call('POST', R, { token: admin, body: { template: 'coherence' } }),
    )
    const org = await t.deps.store.organizations.bySlug('acme')
    const space = org && (await t.deps.store.forOrg(org.id).spaces.bySlug('maison'))
    if (!org || !space) throw new Error('no space')
    // As an older version let it be set.
    await t.deps.store
      .forOrg(org.id)
      .space(space.id)
      .routines.update(created.id, { outputPage: 'reports/aux.md' })
    const off = await t.call('PATCH', `${R}/${created.id}`, { token: admin, body: { enabled: false } })
    expect(off.status).toBe(200)
    expect(await json(off)).toMatchObject({ enabled: false, output_page: 'reports/aux.md' })
    const moved = await t.call('PATCH', `${R}/${created.id}`, {
      token: admin,
      body: { output_page: 'reports/con.md' },
    })
    expect(moved.status).toBe(400)
  })
})
