import { describeSecretDetectorContract } from '../contracts/secret-detector.contract.ts'
import { memorySecretDetector } from './memory-secret-detector.ts'

describeSecretDetectorContract('In-memory detector', () => ({ detector: memorySecretDetector() }))
