import { lintSource } from '@secretlint/core'
import { secretLintProfiler } from '@secretlint/profiler'
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend'
import type { SecretLintCoreConfig, SecretLintCoreResultMessage } from '@secretlint/types'
import type { SecretDetector, SecretFinding } from '../../ports/secret-detector.ts'
import { genericAssignmentRule } from './generic-assignment-rule.ts'
import { privateKeyBlockRule } from './private-key-block-rule.ts'

const OWN_RULE = '@quire/'

const AWS_RULE = '@secretlint/secretlint-rule-aws'
// `secretlint-disable` comments would let any page text silence the scan, while the API's override is
// `allow_secrets`; their line ranges would also be wrong in a text made of added lines. The preset's
// rules are listed one by one because secretlint ignores `disabled` on a rule inside a preset.
const FILTER_COMMENTS_RULE = '@secretlint/secretlint-rule-filter-comments'

const config: SecretLintCoreConfig = {
  rules: [
    ...recommendedRules
      .filter((rule) => rule.meta.id !== FILTER_COMMENTS_RULE)
      .map((rule) =>
        rule.meta.id === AWS_RULE
          ? // Access key ids (AKIA…) are off by default, yet a pasted one nearly always comes with its
            // secret. Account ids, which the same option turns on, are not secret: left out.
            { id: AWS_RULE, rule, options: { enableIDScanRule: true }, allowMessageIds: ['AWSAccountID'] }
          : { id: rule.meta.id, rule },
      ),
    { id: privateKeyBlockRule.meta.id, rule: privateKeyBlockRule },
    { id: genericAssignmentRule.meta.id, rule: genericAssignmentRule },
  ],
}

/**
 * @secretlint/core marks each rule run on a process-wide profiler that keeps every mark and scans
 * them all at each new one (secretlint/secretlint#1633, #1653): in a long-running server each scan
 * gets slower than the last and memory grows. Nothing here reads the marks, so they are turned off.
 */
function silenceProfiler(): void {
  const profiler = secretLintProfiler as {
    setEnabled?: (enabled: boolean) => void
    mark: (marker: never) => void
  }
  if (typeof profiler.setEnabled === 'function') profiler.setEnabled(false)
  else profiler.mark = () => {}
}

/** Offsets where each line starts, with the same line breaks as `splitLines` in the domain. */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index + m[0].length)
  return starts
}

/** The 1-based line holding `offset`. */
function lineAt(starts: number[], offset: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

/**
 * The preset's messages end with the secret itself ("found GitHub Token(…): ghp_…"): keep the part
 * before it, and fall back to a bare description if any reported value from the text remains.
 */
function describe(message: SecretLintCoreResultMessage, content: string): string {
  if (message.ruleId.startsWith(OWN_RULE)) return message.message
  const cut = message.message.indexOf(': ')
  const label = cut === -1 ? message.message : message.message.slice(0, cut)
  const values = Object.values(message.data ?? {}).filter((v): v is string => typeof v === 'string')
  const leaks = values.some((v) => v.length >= 4 && content.includes(v) && label.includes(v))
  return leaks ? `found a secret (${message.messageId})` : label
}

/** A secret detector running secretlint's recommended rules plus our private-key and assignment rules. */
export function createSecretDetector(): SecretDetector {
  silenceProfiler()
  return {
    async scan(text) {
      // secretlint drops a leading BOM before computing ranges; dropping it here keeps offsets aligned.
      const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
      if (content.trim() === '') return []
      const result = await lintSource({
        source: { content, filePath: 'page.md', ext: '.md', contentType: 'text' },
        options: { config, noPhysicFilePath: true },
      })
      const starts = lineStarts(content)
      const found = result.messages.map((m) => ({
        rule: m.ruleId,
        line: lineAt(starts, m.range[0]),
        message: describe(m, content),
      }))
      // One finding per rule and line, and ours only where no specific rule already explains the line
      // (`aws_secret_access_key = …` is an AWS key, not also a generic assignment).
      const explained = new Set(found.filter((f) => !f.rule.startsWith(OWN_RULE)).map((f) => f.line))
      const seen = new Set<string>()
      const findings: SecretFinding[] = []
      for (const f of found) {
        const key = `${f.rule}\n${f.line}`
        if (seen.has(key) || (f.rule.startsWith(OWN_RULE) && explained.has(f.line))) continue
        seen.add(key)
        findings.push(f)
      }
      return findings.sort((a, b) => a.line - b.line)
    },
  }
}
