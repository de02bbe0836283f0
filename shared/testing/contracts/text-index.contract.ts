import { describe, expect, it } from 'vitest'
import { compileTextPattern } from '../../domain/text-pattern.ts'
import type { IndexedFile, TextIndex } from '../../ports/search-index.ts'
import { freshIndex, type MakeIndex } from './index-fixture.ts'

const file = (path: string, text: string, extra: Partial<IndexedFile> = {}): IndexedFile => ({
  path,
  sha: `sha-${path}-${text.length}`,
  title: path.replace(/\.md$/, ''),
  kind: 'markdown',
  text,
  extracted: false,
  ...extra,
})

const backups = file(
  'backups.md',
  ['# Backups', '', 'The database is copied every night to cold storage.', 'Restoring takes an hour.'].join(
    '\n',
  ),
)
const cafe = file('café.md', ['# Le café', '', 'Le Café du Commerce ouvre à sept heures.'].join('\n'))
const invoice = file('invoice.pdf', 'INVOICE 118\nBoiler repair, parts and labour', {
  kind: 'document',
  extracted: true,
  title: 'invoice',
})

const paths = (hits: { path: string }[]) => hits.map((h) => h.path).sort()

/** The contract of the TextIndex port: word and pattern search over the files of spaces. */
export function describeTextIndexContract(name: string, makeIndex: MakeIndex<TextIndex>): void {
  describe(`${name}: text index`, () => {
    const fixture = freshIndex(makeIndex)
    const filled = async () => {
      const { index, spaces } = fixture()
      const [mine, theirs] = spaces
      await index.forSpace(mine).upsert([backups, cafe, invoice])
      return { index, mine, theirs }
    }

    it('finds a file by a word of its text, with a snippet at its line', async () => {
      const { index, mine } = await filled()
      const hits = await index.search('storage', [mine], 10)
      expect(hits).toHaveLength(1)
      const [hit] = hits
      expect(hit).toMatchObject({ spaceId: mine, path: 'backups.md', title: 'backups', extracted: false })
      expect(typeof hit!.score).toBe('number')
      expect(hit!.snippets.length).toBeGreaterThan(0)
      expect(hit!.snippets.length).toBeLessThanOrEqual(3)
      expect(hit!.snippets[0]).toMatchObject({
        line: 3,
        text: 'The database is copied every night to cold storage.',
      })
    })

    it('matches every word of the query, ignoring case, accents and plural endings', async () => {
      const { index, mine } = await filled()
      expect(paths(await index.search('DATABASE night', [mine], 10))).toEqual(['backups.md'])
      expect(paths(await index.search('cafe commerce', [mine], 10))).toEqual(['café.md'])
      expect(paths(await index.search('backup', [mine], 10))).toEqual(['backups.md'])
    })

    it('finds files with only some of the words when none has them all, those with more words first', async () => {
      const { index, mine } = await filled()
      // No file has both words: the files with either are found.
      expect(paths(await index.search('database boiler', [mine], 10))).toEqual(['backups.md', 'invoice.pdf'])
      // Of four words, a file needs two: those with more words come first, whatever their own ranking.
      await index
        .forSpace(mine)
        .upsert([file('heating.md', 'Boiler boiler boiler.\nThe boiler room is cold.')])
      const some = await index.search('database night cold boiler', [mine], 10)
      expect(some.map((h) => h.path)).toEqual(['backups.md', 'heating.md'])
      expect(some[0]!.score).toBeGreaterThan(some[1]!.score)
      expect(some[0]!.snippets[0]).toMatchObject({ line: 3 })
      // Once a file has every word, files with only some of them are not looked for.
      await index
        .forSpace(mine)
        .upsert([
          file(
            'both.md',
            `${'Some unrelated words. '.repeat(40)}\nThe database of the boiler.\n${'More. '.repeat(40)}`,
          ),
        ])
      expect(paths(await index.search('database boiler', [mine], 10))).toEqual(['both.md'])
      expect(await index.search('zeppelin dirigible', [mine], 10)).toEqual([])
    })

    it('finds text extracted from documents, and says so', async () => {
      const { index, mine } = await filled()
      const [hit] = await index.search('boiler', [mine], 10)
      expect(hit).toMatchObject({ path: 'invoice.pdf', extracted: true })
    })

    it('ranks best first and returns at most the limit', async () => {
      const { index, mine } = await filled()
      await index
        .forSpace(mine)
        .upsert([
          file('often.md', 'kettle kettle kettle\nthe kettle again'),
          file('once.md', `A long page.\n${'Some unrelated words. '.repeat(40)}\nOnce a kettle.`),
        ])
      const hits = await index.search('kettle', [mine], 10)
      expect(hits.map((h) => h.path)).toEqual(['often.md', 'once.md'])
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
      expect(await index.search('kettle', [mine], 1)).toHaveLength(1)
    })

    it('answers nothing for words no file has', async () => {
      const { index, mine } = await filled()
      expect(await index.search('zeppelin', [mine], 10)).toEqual([])
    })

    it('replaces a file: its old words are forgotten and its new text is kept', async () => {
      const { index, mine } = await filled()
      await index.forSpace(mine).upsert([file('backups.md', 'Now about tape rotation.')])
      expect(await index.search('storage', [mine], 10)).toEqual([])
      expect(paths(await index.search('tape', [mine], 10))).toEqual(['backups.md'])
      expect(await index.forSpace(mine).text('backups.md')).toBe('Now about tape rotation.')
    })

    it('gives back a file’s indexed text, and undefined for a file not indexed', async () => {
      const { index, mine } = await filled()
      expect(await index.forSpace(mine).text('café.md')).toBe(cafe.text)
      expect(await index.forSpace(mine).text('missing.md')).toBeUndefined()
    })

    it('lists the paths of its files, and removes files', async () => {
      const { index, mine } = await filled()
      expect((await index.forSpace(mine).paths()).sort()).toEqual(['backups.md', 'café.md', 'invoice.pdf'])
      await index.forSpace(mine).remove(['backups.md', 'never.md'])
      expect(await index.search('storage', [mine], 10)).toEqual([])
      expect(await index.forSpace(mine).text('backups.md')).toBeUndefined()
      expect(paths(await index.search('commerce', [mine], 10))).toEqual(['café.md'])
      expect((await index.forSpace(mine).paths()).sort()).toEqual(['café.md', 'invoice.pdf'])
    })

    it('forgets everything of a space it clears', async () => {
      const { index, mine } = await filled()
      await index.forSpace(mine).clear()
      expect(await index.search('storage', [mine], 10)).toEqual([])
      expect(await index.forSpace(mine).text('café.md')).toBeUndefined()
    })

    it('finds lines matching a pattern, with their numbers, in the spaces asked for', async () => {
      const { index, mine } = await filled()
      const hits = await index.searchRegex(compileTextPattern('cop(y|ied)'), [mine], 10)
      expect(paths(hits)).toEqual(['backups.md'])
      expect(hits[0]).toMatchObject({ spaceId: mine, title: 'backups', extracted: false })
      expect(hits[0]!.snippets[0]).toMatchObject({ line: 3 })
      expect(await index.searchRegex(compileTextPattern('z{3}'), [mine], 10)).toEqual([])
      const many = await index.searchRegex(compileTextPattern('e'), [mine], 2)
      expect(many.length).toBeLessThanOrEqual(2)
    })

    it('keeps each space’s files to itself: same paths, separate texts, separate removals', async () => {
      const { index, mine, theirs } = await filled()
      await index.forSpace(theirs).upsert([file('backups.md', 'Their secret vault plans.')])

      expect(await index.search('vault', [mine], 10)).toEqual([])
      expect(await index.searchRegex(compileTextPattern('vault'), [mine], 10)).toEqual([])
      expect(await index.forSpace(mine).text('backups.md')).toBe(backups.text)
      const both = await index.search('vault', [mine, theirs], 10)
      expect(both.map((h) => [h.spaceId, h.path])).toEqual([[theirs, 'backups.md']])

      await index.forSpace(mine).remove(['backups.md'])
      await index.forSpace(mine).clear()
      expect(await index.forSpace(mine).paths()).toEqual([])
      expect(await index.forSpace(theirs).paths()).toEqual(['backups.md'])
      expect(await index.forSpace(theirs).text('backups.md')).toBe('Their secret vault plans.')
      expect(paths(await index.search('vault', [theirs], 10))).toEqual(['backups.md'])
    })
  })
}
