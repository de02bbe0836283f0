import { describe, expect, it } from 'vitest'
import { TODAY } from '../../testing/fixtures/filer/judge.ts'
import { HOUSEHOLD_WIKI, OPS_WIKI } from '../../testing/fixtures/filer/wikis.ts'
import { buildIndex, planFiling, summarize } from './plan.ts'
import type { FilerNote, FilerPage, FilingInput } from './types.ts'

const note = (title: string, text: string, hint = '', name = `${title || 'note'}.md`): FilerNote => ({
  name,
  title,
  text,
  hint,
})

const ops = (notes: FilerNote[], pages: FilerPage[] = OPS_WIKI.pages): FilingInput => ({
  notes,
  pages,
  vocation: OPS_WIKI.vocation,
  today: TODAY,
})

const RESTORE_NOTE = note(
  'Restore drill',
  'Quarterly restore drill: pg_restore of the nightly dump on staging took 47 minutes, point-in-time recovery worked.',
)

describe('planFiling: hints', () => {
  it('files a note on the page its hint names, whatever the note says', () => {
    const plan = planFiling(ops([{ ...RESTORE_NOTE, hint: 'content/services/billing.md' }]))
    expect(plan.operations[0]).toMatchObject({ kind: 'append', path: 'services/billing.md' })
  })

  it('keeps a note with a folder hint in that folder', () => {
    const plan = planFiling(ops([{ ...RESTORE_NOTE, hint: 'onboarding/' }]))
    expect(plan.operations[0]).toMatchObject({ kind: 'create', path: 'onboarding/restore-drill.md' })
  })

  it('appends to the page of the hinted folder that clearly matches', () => {
    const plan = planFiling(ops([{ ...RESTORE_NOTE, hint: 'runbooks' }]))
    expect(plan.operations[0]).toMatchObject({ kind: 'append', path: 'runbooks/restore.md' })
  })

  it('creates the exact new page a hint asks for, and a new folder when the hint ends with a slash', () => {
    const plan = planFiling(
      ops([
        note('Kafka', 'Three brokers on MSK.', 'services/kafka.md'),
        note('Chaos day', 'We broke staging on purpose and learnt a lot.', 'game-days/'),
      ]),
    )
    expect(plan.operations).toMatchObject([
      { kind: 'create', path: 'services/kafka.md', text: '# Kafka\n\nThree brokers on MSK.\n' },
      { kind: 'create', path: 'game-days/chaos-day.md' },
    ])
  })

  it('lets hint words tip a note between two pages', () => {
    const text = 'Weekly numbers: the replica was behind for 40 seconds twice, and one restore test failed.'
    const toPostgres = planFiling(ops([note('Numbers', text, 'postgres replication')]))
    const toRestore = planFiling(ops([note('Numbers', text, 'restore drill')]))
    expect(toPostgres.operations[0]).toMatchObject({ kind: 'append', path: 'services/postgres.md' })
    expect(toRestore.operations[0]).toMatchObject({ kind: 'append', path: 'runbooks/restore.md' })
  })

  it('reads a hint written as a sentence as words', () => {
    const waffles = note(
      'Gaufres',
      'Pâte à gaufres : 250 g de farine, 3 œufs, 50 cl de lait, du sucre.',
      'à ranger dans recettes/',
    )
    const plan = planFiling({ notes: [waffles], pages: HOUSEHOLD_WIKI.pages, vocation: '', today: TODAY })
    expect(plan.operations[0]).toMatchObject({ kind: 'create', path: 'recettes/gaufres.md' })
  })

  it('still leaves an empty note that has a hint', () => {
    const plan = planFiling(ops([note('Nothing', '  \n', 'runbooks/backups.md')]))
    expect(plan.operations[0]).toMatchObject({ kind: 'leave' })
  })
})

describe('planFiling: new pages', () => {
  const crepes = (name: string, text: string) => note('Crêpes de Mamie', text, '', name)
  const plan = planFiling({
    notes: [
      crepes(
        'a.md',
        '250 g de farine, 4 œufs, 50 cl de lait, une pincée de sel, 30 g de beurre fondu. Laisser reposer.',
      ),
      crepes(
        'b.md',
        'Variante : 200 g de farine, 3 œufs, 40 cl de lait, 10 cl de bière, une pincée de sel, du beurre.',
      ),
    ],
    pages: HOUSEHOLD_WIKI.pages,
    vocation: HOUSEHOLD_WIKI.vocation,
    today: TODAY,
  })

  it('starts a new page in the folder of the pages the note resembles', () => {
    // It shares flour, butter and salt with the apple tart, but its title is about something else.
    expect(plan.operations[0]).toMatchObject({
      kind: 'create',
      note: 'a.md',
      path: 'recettes/crepes-de-mamie.md',
    })
  })

  it('creates the page once and appends the next note for the same page to it', () => {
    expect(plan.operations[1]).toMatchObject({
      kind: 'append',
      note: 'b.md',
      path: 'recettes/crepes-de-mamie.md',
    })
    const second = plan.operations[1]!
    expect(
      second.kind === 'append' && second.text.startsWith(`\n## Crêpes de Mamie (${TODAY})\n\nVariante`),
    ).toBe(true)
  })

  it('never takes the name of an existing page, in any case', () => {
    const withPages = planFiling({
      notes: [note('Notes', '250 g de farine, 4 œufs, 50 cl de lait, une pincée de sel.', 'cuisine/')],
      pages: [
        ...HOUSEHOLD_WIKI.pages,
        { path: 'cuisine/Notes.md', text: '# Menus\n\nIdées de menus pour la semaine.\n' },
        { path: 'cuisine/notes-2.md', text: '# Courses\n\nLa liste de la semaine.\n' },
      ],
      vocation: '',
      today: TODAY,
    })
    expect(withPages.operations[0]).toMatchObject({ kind: 'create', path: 'cuisine/notes-3.md' })
  })

  const flat: FilerPage[] = [
    {
      path: 'boiler.md',
      text: '# Boiler\n\nGas boiler in the utility room, serviced every October by the heating engineer. Keep the pressure between 1 and 1.5 bar.\n',
    },
    {
      path: 'insurance.md',
      text: '# Home insurance\n\nRenewal in January. Declare any claim within 5 days, with photos.\n',
    },
    {
      path: 'garden.md',
      text: '# Garden\n\nMow the lawn every two weeks from April. Prune the roses in February.\n',
    },
  ]

  it('files into a space without folders, creating pages at its root', () => {
    const { operations } = planFiling({
      notes: [
        note(
          'Heating engineer visit',
          'The heating engineer comes on 12 October for the yearly boiler service.',
        ),
        note(
          'Before winter',
          'Bleed the radiators, check that the boiler pressure is between 1 and 1.5 bar, and read the home ' +
            'insurance renewal in January: any claim for the heating must be declared within 5 days.',
        ),
        note(
          'Radiators',
          'Bleed the radiators before winter and check the boiler pressure: 1.2 bar is fine.',
        ),
      ],
      pages: flat,
      vocation: '',
      today: TODAY,
    })
    expect(operations).toMatchObject([
      { kind: 'append', path: 'boiler.md' },
      { kind: 'create', path: 'before-winter.md' },
      // One page in common is not enough to start a page beside it: the note may be about anything.
      { kind: 'leave' },
    ])
  })
})

describe('planFiling: leaving notes', () => {
  it.each([
    ['empty', ''],
    ['blank', ' \n\t\n'],
    ['punctuation', '... -- !'],
  ])('leaves a %s note, saying it is empty', (_, text) => {
    const plan = planFiling(ops([note('Untitled', text)]))
    expect(plan.operations[0]).toEqual({
      kind: 'leave',
      note: 'Untitled.md',
      reason: 'This note is empty: there is nothing to file.',
    })
  })

  it('leaves a note with too few words, in its language', () => {
    const [en, fr] = planFiling(ops([note('', 'call Bob'), note('', 'Appeler la banque')])).operations
    expect(en).toMatchObject({ kind: 'leave', reason: expect.stringMatching(/^This note has too few words/) })
    expect(fr).toMatchObject({
      kind: 'leave',
      reason: expect.stringMatching(/^Cette note a trop peu de mots/),
    })
  })

  it('leaves a note about nothing the wiki holds', () => {
    const plan = planFiling(
      ops([note('Birthday', 'Sam’s birthday cake: chocolate, order it from the bakery on Rue Haute.')]),
    )
    expect(plan.operations[0]).toEqual({
      kind: 'leave',
      note: 'Birthday.md',
      reason: 'No page or folder clearly matches this note; file it by hand or add a hint.',
    })
  })

  it('leaves a note that shares only everyday words with one page', () => {
    const offsite = note(
      'Team offsite',
      'Offsite in Lisbon on 12-14 June; book flights before Friday, the company pays the hotel.',
    )
    expect(planFiling(ops([offsite])).operations[0]).toMatchObject({ kind: 'leave' })
  })

  it('leaves a note written in another language than the wiki', () => {
    const boiler = note(
      'Boiler',
      'The boiler needs servicing in March, call the heating engineer before the end of February.',
    )
    const plan = planFiling({ notes: [boiler], pages: HOUSEHOLD_WIKI.pages, vocation: '', today: TODAY })
    expect(plan.operations[0]).toMatchObject({
      kind: 'leave',
      reason: expect.stringMatching(/^No page or folder/),
    })
  })

  it('leaves every note of a space without pages, unless a hint places it', () => {
    const plan = planFiling(ops([RESTORE_NOTE, { ...RESTORE_NOTE, name: 'b.md', hint: 'runbooks/' }], []))
    expect(plan.operations).toMatchObject([
      { kind: 'leave' },
      { kind: 'create', path: 'runbooks/restore-drill.md' },
    ])
  })
})

describe('summarize', () => {
  it('counts appended, created and left notes in one line', () => {
    expect(summarize([])).toBe('Filed 0 notes (0 appended, 0 new pages), left 0.')
    expect(
      summarize([
        { kind: 'append', note: 'a', path: 'x.md', text: '' },
        { kind: 'create', note: 'b', path: 'y.md', text: '' },
        { kind: 'leave', note: 'c', reason: '' },
      ]),
    ).toBe('Filed 2 notes (1 appended, 1 new page), left 1.')
  })

  it('is the plan’s summary', () => {
    const plan = planFiling(ops([RESTORE_NOTE, note('x', '')]))
    expect(plan.summary).toBe('Filed 1 note (1 appended, 0 new pages), left 1.')
  })
})

describe('buildIndex', () => {
  it('can be built once and reused, with the same plan as without', () => {
    const input = ops(OPS_WIKI.cases.map((c) => c.note))
    const index = buildIndex(input.pages)
    expect(planFiling(input, index)).toEqual(planFiling(input))
    expect(planFiling(input, index)).toEqual(planFiling(input, index))
  })
})
