import { describePersonalPagesContract } from '../../testing/contracts/personal-pages.contract.ts'
import type { MakeStore } from '../../testing/contracts/store-fixture.ts'
import { describePostgres, freshPostgresDatabase } from '../../testing/postgres.ts'
import { postgresStore } from './store.ts'

/** A migrated database of its own on the throwaway server, dropped on close. */
const makeStore: MakeStore = async () => {
  const { db, close } = await freshPostgresDatabase()
  return { store: postgresStore(db), close }
}

describePostgres('the PersonalPageStore port on PostgreSQL', () => {
  describePersonalPagesContract('PostgreSQL', makeStore)
})
