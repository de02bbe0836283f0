import { describe, expect, it } from 'vitest'
import type { Store } from '../../ports/store.ts'
import { freshStore, type MakeStore, seedAccount, seedOrganization, seedSpace } from './store-fixture.ts'

/**
 * The contract of the PersonalPageStore port: each person's visits (newest first, capped when
 * recorded) and favourites (first marking kept), by space and path; a move renames everyone's rows;
 * a space's deletion takes its rows with it, and a row must name an account and a space that exist.
 */
export function describePersonalPagesContract(name: string, makeStore: MakeStore): void {
  describe(`${name}: recently viewed and favourite pages`, () => {
    const store = freshStore(makeStore)
    const pages = () => store().personalPages

    /** An organization with two spaces, and two people. */
    const seedPlaces = async (s: Store) => {
      const org = await seedOrganization(s, 'acme')
      const wiki = await seedSpace(s, org.id, 'wiki')
      const docs = await seedSpace(s, org.id, 'docs')
      const ada = await seedAccount(s, 'ada')
      const bob = await seedAccount(s, 'bob')
      return { org, wiki, docs, ada, bob }
    }

    it('lists visits newest first, a page viewed again moving to the front, each person apart', async () => {
      const { wiki, docs, ada, bob } = await seedPlaces(store())
      await pages().recordVisit(ada.id, { spaceId: wiki.id, path: 'a.md' }, 100, 50)
      await pages().recordVisit(ada.id, { spaceId: docs.id, path: 'b.md' }, 200, 50)
      await pages().recordVisit(bob.id, { spaceId: wiki.id, path: 'c.md' }, 300, 50)
      await pages().recordVisit(ada.id, { spaceId: wiki.id, path: 'a.md' }, 400, 50)
      expect(await pages().visits(ada.id)).toEqual([
        { spaceId: wiki.id, path: 'a.md', viewedAt: 400 },
        { spaceId: docs.id, path: 'b.md', viewedAt: 200 },
      ])
      expect(await pages().visits(bob.id)).toEqual([{ spaceId: wiki.id, path: 'c.md', viewedAt: 300 }])
    })

    it('orders visits of the same moment by space, then path by code point', async () => {
      const { wiki, docs, ada } = await seedPlaces(store())
      for (const [spaceId, path] of [
        [docs.id, 'a.md'],
        [wiki.id, 'b.md'],
        [wiki.id, 'B.md'],
        [wiki.id, 'é.md'],
      ] as const)
        await pages().recordVisit(ada.id, { spaceId, path }, 100, 50)
      expect((await pages().visits(ada.id)).map((v) => [v.spaceId, v.path])).toEqual([
        [wiki.id, 'B.md'],
        [wiki.id, 'b.md'],
        [wiki.id, 'é.md'],
        [docs.id, 'a.md'],
      ])
    })

    it('keeps only the most recent visits of the person who views, not of others', async () => {
      const { wiki, ada, bob } = await seedPlaces(store())
      await pages().recordVisit(bob.id, { spaceId: wiki.id, path: 'bob.md' }, 1, 3)
      for (let i = 1; i <= 5; i++)
        await pages().recordVisit(ada.id, { spaceId: wiki.id, path: `${i}.md` }, 10 * i, 3)
      expect((await pages().visits(ada.id)).map((v) => v.path)).toEqual(['5.md', '4.md', '3.md'])
      expect((await pages().visits(bob.id)).map((v) => v.path)).toEqual(['bob.md'])
    })

    it('keeps a favourite from when it was first marked, and forgets it once, then quietly', async () => {
      const { wiki, docs, ada, bob } = await seedPlaces(store())
      await pages().addFavourite(ada.id, { spaceId: wiki.id, path: 'z.md' }, 100)
      await pages().addFavourite(ada.id, { spaceId: docs.id, path: 'a.md' }, 200)
      await pages().addFavourite(ada.id, { spaceId: wiki.id, path: 'a.md' }, 300)
      await pages().addFavourite(ada.id, { spaceId: wiki.id, path: 'z.md' }, 400)
      await pages().addFavourite(bob.id, { spaceId: wiki.id, path: 'bob.md' }, 500)
      expect(await pages().favourites(ada.id)).toEqual([
        { spaceId: wiki.id, path: 'a.md', addedAt: 300 },
        { spaceId: wiki.id, path: 'z.md', addedAt: 100 },
        { spaceId: docs.id, path: 'a.md', addedAt: 200 },
      ])
      await pages().removeFavourite(ada.id, { spaceId: wiki.id, path: 'z.md' })
      await pages().removeFavourite(ada.id, { spaceId: wiki.id, path: 'z.md' })
      await pages().removeFavourite(ada.id, { spaceId: wiki.id, path: 'never.md' })
      expect((await pages().favourites(ada.id)).map((f) => f.path)).toEqual(['a.md', 'a.md'])
      expect(await pages().favourites(bob.id)).toEqual([{ spaceId: wiki.id, path: 'bob.md', addedAt: 500 }])
    })

    it('moves every person’s rows of a page to its new path, in that space only', async () => {
      const { wiki, docs, ada, bob } = await seedPlaces(store())
      await pages().recordVisit(ada.id, { spaceId: wiki.id, path: 'old.md' }, 100, 50)
      await pages().recordVisit(bob.id, { spaceId: wiki.id, path: 'old.md' }, 200, 50)
      await pages().recordVisit(ada.id, { spaceId: docs.id, path: 'old.md' }, 300, 50)
      await pages().addFavourite(bob.id, { spaceId: wiki.id, path: 'old.md' }, 400)
      await pages().followMove(wiki.id, 'old.md', 'guides/new.md')
      expect(await pages().visits(ada.id)).toEqual([
        { spaceId: docs.id, path: 'old.md', viewedAt: 300 },
        { spaceId: wiki.id, path: 'guides/new.md', viewedAt: 100 },
      ])
      expect(await pages().visits(bob.id)).toEqual([
        { spaceId: wiki.id, path: 'guides/new.md', viewedAt: 200 },
      ])
      expect(await pages().favourites(bob.id)).toEqual([
        { spaceId: wiki.id, path: 'guides/new.md', addedAt: 400 },
      ])
    })

    it('drops rows left at the new path, which named a page no longer there; a move onto itself keeps all', async () => {
      const { wiki, ada, bob } = await seedPlaces(store())
      await pages().recordVisit(ada.id, { spaceId: wiki.id, path: 'gone.md' }, 500, 50)
      await pages().addFavourite(bob.id, { spaceId: wiki.id, path: 'gone.md' }, 500)
      await pages().recordVisit(ada.id, { spaceId: wiki.id, path: 'page.md' }, 100, 50)
      await pages().addFavourite(ada.id, { spaceId: wiki.id, path: 'page.md' }, 100)
      await pages().followMove(wiki.id, 'page.md', 'page.md')
      expect((await pages().visits(ada.id)).map((v) => v.path)).toEqual(['gone.md', 'page.md'])
      await pages().followMove(wiki.id, 'page.md', 'gone.md')
      expect(await pages().visits(ada.id)).toEqual([{ spaceId: wiki.id, path: 'gone.md', viewedAt: 100 }])
      expect(await pages().favourites(ada.id)).toEqual([{ spaceId: wiki.id, path: 'gone.md', addedAt: 100 }])
      expect(await pages().favourites(bob.id)).toEqual([])
    })

    it('forgets the rows of a deleted space, and those of the other spaces stay', async () => {
      const { org, wiki, docs, ada } = await seedPlaces(store())
      await pages().recordVisit(ada.id, { spaceId: wiki.id, path: 'a.md' }, 100, 50)
      await pages().recordVisit(ada.id, { spaceId: docs.id, path: 'b.md' }, 200, 50)
      await pages().addFavourite(ada.id, { spaceId: wiki.id, path: 'a.md' }, 100)
      await store().forOrg(org.id).spaces.delete(wiki.id)
      expect(await pages().visits(ada.id)).toEqual([{ spaceId: docs.id, path: 'b.md', viewedAt: 200 }])
      expect(await pages().favourites(ada.id)).toEqual([])
    })

    it('refuses a row naming an account or a space that does not exist', async () => {
      const { wiki, ada } = await seedPlaces(store())
      await expect(
        pages().recordVisit(ada.id, { spaceId: wiki.id + 100, path: 'a.md' }, 1, 50),
      ).rejects.toThrow()
      await expect(
        pages().recordVisit(ada.id + 100, { spaceId: wiki.id, path: 'a.md' }, 1, 50),
      ).rejects.toThrow()
      await expect(
        pages().addFavourite(ada.id, { spaceId: wiki.id + 100, path: 'a.md' }, 1),
      ).rejects.toThrow()
      await expect(
        pages().addFavourite(ada.id + 100, { spaceId: wiki.id, path: 'a.md' }, 1),
      ).rejects.toThrow()
      expect(await pages().visits(ada.id)).toEqual([])
      expect(await pages().favourites(ada.id)).toEqual([])
    })
  })
}
