import { describeAccountLinkStoreContract } from '../contracts/account-link-store.contract.ts'
import { describeAccountStoreContract } from '../contracts/account-store.contract.ts'
import { describeIndexStoreContract } from '../contracts/index-store.contract.ts'
import { describeInvitationStoreContract } from '../contracts/invitation-store.contract.ts'
import { describeJobStoreContract } from '../contracts/job-store.contract.ts'
import { describeOAuthStoreContract } from '../contracts/oauth-store.contract.ts'
import { describeOrgStoreContract } from '../contracts/org-store.contract.ts'
import { describeOrganizationStoreContract } from '../contracts/organization-store.contract.ts'
import { describeRateLimitStoreContract } from '../contracts/rate-limit-store.contract.ts'
import { describeRoutineStoreContract } from '../contracts/routine-store.contract.ts'
import { describeSessionStoreContract } from '../contracts/session-store.contract.ts'
import { describeSsoStoreContract } from '../contracts/sso-store.contract.ts'
import type { MakeStore } from '../contracts/store-fixture.ts'
import { describeTokenStoreContract } from '../contracts/token-store.contract.ts'
import { describeWebhookStoreContract } from '../contracts/webhook-store.contract.ts'
import { memoryStore } from './memory-store.ts'

/** A fresh store in memory; nothing to let go of. */
const makeStore: MakeStore = async () => ({ store: memoryStore(), close: () => {} })

describeAccountStoreContract('in memory', makeStore)
describeTokenStoreContract('in memory', makeStore)
describeSessionStoreContract('in memory', makeStore)
describeOAuthStoreContract('in memory', makeStore)
describeOrganizationStoreContract('in memory', makeStore)
describeJobStoreContract('in memory', makeStore)
describeRateLimitStoreContract('in memory', makeStore)
describeIndexStoreContract('in memory', makeStore)
describeOrgStoreContract('in memory', makeStore)
describeRoutineStoreContract('in memory', makeStore)
describeWebhookStoreContract('in memory', makeStore)
describeAccountLinkStoreContract('in memory', makeStore)
describeInvitationStoreContract('in memory', makeStore)
describeSsoStoreContract('in memory', makeStore)
