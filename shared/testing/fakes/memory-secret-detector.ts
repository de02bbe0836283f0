import type { SecretDetector, SecretFinding } from '../../ports/secret-detector.ts'

/** What the fake looks for: a few unmistakable shapes, enough for a service to meet a secret. */
const RULES: { rule: string; pattern: RegExp; message: string }[] = [
  {
    rule: 'memory/private-key',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/,
    message: 'found a private key',
  },
  {
    rule: 'memory/aws-access-key-id',
    pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
    message: 'found an AWS access key id',
  },
  { rule: 'memory/github-token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/, message: 'found a GitHub token' },
]

/**
 * A secret detector for service tests, with no rule engine: it finds private keys, AWS access key
 * ids and GitHub tokens line by line, at once. Real texts with other secrets need the real detector.
 */
export function memorySecretDetector(): SecretDetector {
  return {
    scan: async (text) => {
      const findings: SecretFinding[] = []
      text.split(/\r\n|\r|\n/).forEach((content, index) => {
        for (const { rule, pattern, message } of RULES) {
          if (pattern.test(content)) findings.push({ rule, line: index + 1, message })
        }
      })
      return findings
    },
  }
}
