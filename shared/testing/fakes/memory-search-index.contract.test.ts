import { describeTextIndexContract } from '../contracts/text-index.contract.ts'
import { describeVectorIndexContract } from '../contracts/vector-index.contract.ts'
import { memoryTextIndex } from './memory-text-index.ts'
import { memoryVectorIndex } from './memory-vector-index.ts'

// The in-memory indexes keep no table of spaces: any ids do.
describeTextIndexContract('in memory', async () => ({
  index: memoryTextIndex(),
  spaces: [1, 2],
  close: () => {},
}))
describeVectorIndexContract('in memory', async (dimensions) => ({
  index: memoryVectorIndex(dimensions),
  spaces: [1, 2],
  close: () => {},
}))
