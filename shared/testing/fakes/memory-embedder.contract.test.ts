import { describeEmbedderContract } from '../contracts/embedder.contract.ts'
import { memoryEmbedder } from './memory-embedder.ts'

describeEmbedderContract('In-memory embedder', () => memoryEmbedder())
