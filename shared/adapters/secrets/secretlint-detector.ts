import { lintSource } from '@secretlint/core'
import { secretLintProfiler } from '@secretlint/profiler'
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend'
import type { SecretLintCoreConfig, SecretLintCoreResultMessage } from '@secretlint/types'
import type { SecretDetector, SecretFinding } from '../../ports/secret-detector.ts'
import { genericAssignmentRule } from './generic-assignment-rule.ts'
import { inlineCredentialsRule } from './inline-credentials-rule.ts'
import { personalTokenRule } from './personal-token-rule.ts'
import { privateKeyBlockRule } from './private-key-block-rule.ts'

const OWN_RULE = '@quire/'
const GENERIC_RULE = genericAssignmentRule.meta.id

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
    { id: personalTokenRule.meta.id, rule: personalTokenRule },
    { id: inlineCredentialsRule.meta.id, rule: inlineCredentialsRule },
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

// Characters that show nothing, yet split a word for a pattern: format characters (zero-width
// spaces and joiners, soft hyphen, BOM, bidirectional marks), the combining grapheme joiner, variation
// selectors and the Hangul fillers.
const INVISIBLE = /\p{Cf}|\u034f|[\ufe00-\ufe0f]|[\u115f\u1160\u3164\uffa0]/gu

/**
 * The text as a reader sees it: invisible characters dropped and other spaces made plain, so that
 * `pass\u200bword` or a no-break space in a key header hides nothing. Line breaks stay where they are,
 * so line numbers are those of the original; a leading BOM goes too, as secretlint would drop it
 * before computing ranges.
 */
function visible(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\p{Zs}/gu, ' ')
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

/**
 * A secret detector running secretlint's recommended rules plus ours: private-key headers, literal
 * assignments, the service's own tokens and credentials in curl commands and URLs.
 */
export function createSecretDetector(): SecretDetector {
  silenceProfiler()
  return {
    async scan(text) {
      const content = visible(text)
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
      // One finding per rule and line, and ours only where no more specific rule already explains the
      // line (`aws_secret_access_key = …` is an AWS key, `TOKEN=qpat_…` a personal token, neither
      // also a generic assignment).
      const linesOf = (keep: (rule: string) => boolean) =>
        new Set(found.filter((f) => keep(f.rule)).map((f) => f.line))
      const byPreset = linesOf((rule) => !rule.startsWith(OWN_RULE))
      const bySpecific = linesOf((rule) => rule !== GENERIC_RULE)
      const seen = new Set<string>()
      const findings: SecretFinding[] = []
      for (const f of found) {
        const key = `${f.rule}\n${f.line}`
        const explained =
          f.rule === GENERIC_RULE ? bySpecific : f.rule.startsWith(OWN_RULE) ? byPreset : undefined
        if (seen.has(key) || explained?.has(f.line)) continue
        seen.add(key)
        findings.push(f)
      }
      return findings.sort((a, b) => a.line - b.line)
    },
  }
}
