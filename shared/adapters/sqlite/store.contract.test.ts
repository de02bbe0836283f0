import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeAccountLinkStoreContract } from '../../testing/contracts/account-link-store.contract.ts'
import { describeAccountStoreContract } from '../../testing/contracts/account-store.contract.ts'
import { describeIndexStoreContract } from '../../testing/contracts/index-store.contract.ts'
import { describeInvitationStoreContract } from '../../testing/contracts/invitation-store.contract.ts'
import { describeJobStoreContract } from '../../testing/contracts/job-store.contract.ts'
import { describeOAuthStoreContract } from '../../testing/contracts/oauth-store.contract.ts'
import { describeOrgStoreContract } from '../../testing/contracts/org-store.contract.ts'
import { describeOrganizationStoreContract } from '../../testing/contracts/organization-store.contract.ts'
import { describeRateLimitStoreContract } from '../../testing/contracts/rate-limit-store.contract.ts'
import { describeRoutineStoreContract } from '../../testing/contracts/routine-store.contract.ts'
import { describeSessionStoreContract } from '../../testing/contracts/session-store.contract.ts'
import { describeSsoStoreContract } from '../../testing/contracts/sso-store.contract.ts'
import type { MakeStore } from '../../testing/contracts/store-fixture.ts'
import { describeTokenStoreContract } from '../../testing/contracts/token-store.contract.ts'
import { describeWebhookStoreContract } from '../../testing/contracts/webhook-store.contract.ts'
import { openDatabase } from './open-database.ts'
import { sqliteStore } from './store.ts'

/** A fresh database file (migrations applied) in its own folder, removed on close. */
const makeStore: MakeStore = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quire-store-contract-'))
  const { sqlite, db } = openDatabase(join(dir, 'service.db'))
  return {
    store: sqliteStore(db),
    close: async () => {
      sqlite.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

describeAccountStoreContract('SQLite', makeStore)
describeTokenStoreContract('SQLite', makeStore)
describeSessionStoreContract('SQLite', makeStore)
describeOAuthStoreContract('SQLite', makeStore)
describeOrganizationStoreContract('SQLite', makeStore)
describeJobStoreContract('SQLite', makeStore)
describeRateLimitStoreContract('SQLite', makeStore)
describeIndexStoreContract('SQLite', makeStore)
describeOrgStoreContract('SQLite', makeStore)
describeRoutineStoreContract('SQLite', makeStore)
describeWebhookStoreContract('SQLite', makeStore)
describeAccountLinkStoreContract('SQLite', makeStore)
describeInvitationStoreContract('SQLite', makeStore)
describeSsoStoreContract('SQLite', makeStore)
