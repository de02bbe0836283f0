import { describeSecretDetectorContract } from '../../testing/contracts/secret-detector.contract.ts'
import { createSecretDetector } from './secretlint-detector.ts'
import { threadedSecretDetector } from './threaded-detector.ts'

describeSecretDetectorContract('secretlint', () => ({ detector: createSecretDetector() }))

describeSecretDetectorContract('secretlint in a thread', () => {
  // Every text but the empty one goes to the thread, so the suite checks what comes back from there.
  const detector = threadedSecretDetector(createSecretDetector(), { thresholdChars: 0 })
  return { detector, close: () => detector.close() }
})
