import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { LlmError, type LlmUsage } from '../../ports/llm.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type ScriptedLlm, scriptedLlm } from '../../testing/fakes/scripted-llm.ts'
import type { Actor } from '../access/actor.ts'
import { readRaw } from '../content/content-files.ts'
import { writeFile } from '../content/write-file.ts'
import { dropNote } from '../inbox/drop-note.ts'
import { listInbox } from '../inbox/inbox.ts'
import { markSeen } from '../inbox/note-changes.ts'
import { putAiSettings } from '../providers/ai-settings.ts'
import { revertRun } from './revert-run.ts'
import { runTidy } from './run-tidy.ts'
import { listTidyRuns, startTidy } from './tidy-control.ts'

const USAGE: LlmUsage = { inputTokens: 1_000, outputTokens: 200 }
/** $2 and $8 per million tokens: a run of USAGE costs $0.0036. */
const RUN_COST = 0.0036

const ref = { org: 'acme', space: 'wiki' }
const PRINTERS = '# Printers\n\nThe printer is on floor 2.\n'

/** The model's next runs, scripted: each spends USAGE unless told. */
let scripts: ScriptedLlm['replies']
let deps: Deps & { llm: ScriptedLlm }
let world: World
let ada: Actor
let bob: Actor

beforeEach(async () => {
  deps = memoryDeps({ llm: scriptedLlm([], USAGE) })
  scripts = deps.llm.replies
  world = await seedWorld(deps, {
    spaces: { wiki: { members: { bob: 'contributor' }, pages: { 'it/printers.md': PRINTERS } } },
  })
  ada = await world.actor('ada')
  bob = await world.actor('bob')
  await putAiSettings(deps, ada, 'acme', {
    provider: 'openai',
    model: 'house-model',
    apiKey: 'sk-test',
    priceInput: 2,
    priceOutput: 8,
  })
  // The pages the world was seeded with were seen: the inbox starts empty.
  for (const change of (await listInbox(deps, bob, ref, { kind: 'change', limit: 50, offset: 0 })).items)
    await markSeen(deps, bob, ref, change.name)
})

afterEach(async () => {
  await deps.indexQueue.idle()
})

const page = async (path: string) => new TextDecoder().decode((await readRaw(deps, bob, ref, path)).bytes)
/** The notes in the inbox, pending or left (the pages a run changed are shown there too, for review). */
const inbox = async () =>
  (await listInbox(deps, bob, ref, { limit: 50, offset: 0 })).items.filter((i) => i.type === 'note')
/** Starts a run by hand as `actor` and runs it to its end, as the job runner would; answers the run as logged. */
async function tidy(actor = bob) {
  const run = await startTidy(deps, actor, ref)
  await runTidy(deps, run.id, world.space('wiki').id)
  return (await listTidyRuns(deps, bob, ref)).find((r) => r.id === run.id)!
}

describe('runTidy with the organization’s model', () => {
  it('files a note where the model says, in one commit of the space, and logs the run with its cost', async () => {
    const { name } = await dropNote(deps, bob, ref, { title: 'Toner', content: 'Toner is in cabinet B2.' })
    scripts.push({
      calls: [['append_to_page', { note: name, path: 'it/printers.md', text: '## Toner\n\nIn cabinet B2.' }]],
      text: 'Filed the toner note under printers.',
    })
    const run = await tidy()
    expect(run).toMatchObject({
      status: 'done',
      model: 'house-model',
      itemsDone: 1,
      itemsLeft: 0,
      summary: 'Filed 1 note. Filed the toner note under printers.',
      inputTokens: 1_000,
      outputTokens: 200,
      cost: RUN_COST,
      error: null,
    })
    expect(await page('it/printers.md')).toContain('## Toner\n\nIn cabinet B2.')
    expect(await inbox()).toEqual([])
  })

  it('leaves a note the model could not place, with its reason and candidates', async () => {
    const { name } = await dropNote(deps, bob, ref, { content: 'Something about the badge reader' })
    scripts.push({
      calls: [
        ['leave_note', { note: name, reason: 'No page on badges yet.', candidates: ['it/printers.md'] }],
      ],
    })
    const run = await tidy()
    expect(run).toMatchObject({ status: 'done', itemsDone: 0, itemsLeft: 1 })
    expect(await inbox()).toEqual([
      expect.objectContaining({ name, status: 'left', reason: 'No page on badges yet.' }),
    ])
  })

  it('refuses what the checks refuse, leaving the note with why', async () => {
    const secret = await dropNote(deps, bob, ref, { content: 'the key is below' })
    const plain = await dropNote(deps, bob, ref, { content: 'a text file' })
    scripts.push({
      calls: [
        ['create_page', { note: secret.name, path: 'keys.md', text: 'AKIAIOSFODNN7EXAMPLE' }],
        ['create_page', { note: plain.name, path: 'notes.txt', text: 'plain' }],
      ],
    })
    const run = await tidy()
    expect(run).toMatchObject({ status: 'done', itemsDone: 0, itemsLeft: 2, commit: expect.any(String) })
    const reasons = Object.fromEntries((await inbox()).map((i) => [i.name, i.reason]))
    expect(reasons).toEqual({
      [secret.name]: 'The tidy-up could not file this note: the text to add seems to contain a secret.',
      [plain.name]: 'The tidy-up could not file this note: "notes.txt" is not a Markdown page.',
    })
    await expect(readRaw(deps, bob, ref, 'keys.md')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('logs a provider’s failure on the run and leaves the notes pending', async () => {
    await dropNote(deps, bob, ref, { content: 'Toner is in cabinet B2.' })
    scripts.push({ calls: [], fails: new LlmError('The provider refused the key (401).', 401, USAGE) })
    const run = await tidy()
    expect(run).toMatchObject({
      status: 'failed',
      error: 'The provider refused the key (401).',
      cost: RUN_COST,
    })
    expect((await inbox()).map((i) => i.status)).toEqual(['pending'])
  })

  it('stops before calling the model once the month’s budget is spent', async () => {
    await putAiSettings(deps, ada, 'acme', { provider: 'openai', model: 'house-model', monthlyBudget: 0.003 })
    const first = await dropNote(deps, bob, ref, { content: 'Toner is in cabinet B2.' })
    scripts.push({ calls: [['append_to_page', { note: first.name, path: 'it/printers.md', text: 'B2.' }]] })
    expect((await tidy()).status).toBe('done')
    await dropNote(deps, bob, ref, { content: 'Paper is in cabinet B3.' })
    scripts.push({ calls: [] })
    expect(await tidy()).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('monthly AI budget'),
    })
    expect(scripts).toHaveLength(1)
    expect((await inbox()).map((i) => i.status)).toEqual(['pending'])
  })

  it('has nothing to do with an empty inbox, and does not call the model', async () => {
    const run = await tidy()
    expect(run).toMatchObject({ status: 'done', summary: 'Nothing to tidy.', commit: null })
    await expect(revertRun(deps, ada, ref, run.id)).rejects.toMatchObject({ reason: 'run_not_revertible' })
  })
})

describe('revertRun', () => {
  async function filedRun() {
    const { name } = await dropNote(deps, bob, ref, { title: 'Toner', content: 'Toner is in cabinet B2.' })
    scripts.push({
      calls: [['append_to_page', { note: name, path: 'it/printers.md', text: '## Toner\n\nB2.' }]],
    })
    return { run: await tidy(), name }
  }

  it('puts the pages back and the notes back in the inbox, once', async () => {
    const { run, name } = await filedRun()
    const { commit } = await revertRun(deps, ada, ref, run.id)
    expect(commit).toEqual(expect.any(String))
    expect(await page('it/printers.md')).toBe(PRINTERS)
    expect((await inbox()).map((i) => i.name)).toEqual([name])
    expect((await listTidyRuns(deps, bob, ref))[0]).toMatchObject({ revertCommit: commit })
    await expect(revertRun(deps, ada, ref, run.id)).rejects.toMatchObject({ reason: 'run_not_revertible' })
  })

  it('refuses when a page the run wrote was edited since, so no later work is lost', async () => {
    const { run } = await filedRun()
    const { sha } = await readRaw(deps, bob, ref, 'it/printers.md')
    await writeFile(deps, bob, ref, 'it/printers.md', { content: `${PRINTERS}\nEdited.\n`, baseSha: sha })
    await expect(revertRun(deps, ada, ref, run.id)).rejects.toMatchObject({
      reason: 'revert_conflict',
      code: 'conflict',
      params: { value: 'content/it/printers.md' },
    })
  })

  it('is for the space’s admins', async () => {
    const { run } = await filedRun()
    await expect(revertRun(deps, bob, ref, run.id)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(revertRun(deps, ada, ref, 'no-such-run')).rejects.toMatchObject({ code: 'not_found' })
  })
})
