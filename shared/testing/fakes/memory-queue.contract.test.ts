import { describeSpaceQueueContract } from '../contracts/space-queue.contract.ts'
import { memoryQueue } from './memory-queue.ts'

describeSpaceQueueContract('In-memory queue', async () => ({ queue: memoryQueue() }))
