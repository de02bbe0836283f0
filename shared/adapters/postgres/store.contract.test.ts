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
import { describePostgres, freshPostgresDatabase } from '../../testing/postgres.ts'
import { postgresStore } from './store.ts'

/** A migrated database of its own on the throwaway server, dropped on close. */
const makeStore: MakeStore = async () => {
  const { db, close } = await freshPostgresDatabase()
  return { store: postgresStore(db), close }
}

describePostgres('the Store port on PostgreSQL', () => {
  describeAccountStoreContract('PostgreSQL', makeStore)
  describeTokenStoreContract('PostgreSQL', makeStore)
  describeSessionStoreContract('PostgreSQL', makeStore)
  describeOAuthStoreContract('PostgreSQL', makeStore)
  describeOrganizationStoreContract('PostgreSQL', makeStore)
  describeJobStoreContract('PostgreSQL', makeStore)
  describeRateLimitStoreContract('PostgreSQL', makeStore)
  describeIndexStoreContract('PostgreSQL', makeStore)
  describeOrgStoreContract('PostgreSQL', makeStore)
  describeRoutineStoreContract('PostgreSQL', makeStore)
  describeWebhookStoreContract('PostgreSQL', makeStore)
  describeAccountLinkStoreContract('PostgreSQL', makeStore)
  describeInvitationStoreContract('PostgreSQL', makeStore)
  describeSsoStoreContract('PostgreSQL', makeStore)
})
