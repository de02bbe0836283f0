import { describePersonalPagesContract } from '../contracts/personal-pages.contract.ts'
import type { MakeStore } from '../contracts/store-fixture.ts'
import { memoryStore } from './memory-store.ts'

/** A fresh store in memory; nothing to let go of. */
const makeStore: MakeStore = async () => ({ store: memoryStore(), close: () => {} })

describePersonalPagesContract('in memory', makeStore)
