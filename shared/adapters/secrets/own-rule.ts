import type {
  SecretLintRuleCreator,
  SecretLintRuleLocalizeMessages,
  SecretLintRuleMessageTranslate,
} from '@secretlint/types'

/** Reports one finding: the message (through the rule's translator) and where it is in the text. */
export type Report<T extends SecretLintRuleLocalizeMessages> = (
  message: ReturnType<SecretLintRuleMessageTranslate<T>>,
  range: readonly [number, number],
) => void

/**
 * A secretlint rule of ours: a scanner of plain text, recommended, whose `scan` reads the whole
 * content and reports each finding with a message of `messages`. Every rule of ours has this
 * shape; only the scan differs.
 */
export function ownRule<T extends SecretLintRuleLocalizeMessages>(
  id: string,
  messages: T,
  scan: (content: string, t: SecretLintRuleMessageTranslate<T>, report: Report<T>) => void,
): SecretLintRuleCreator {
  return {
    messages,
    meta: { id, type: 'scanner', recommended: true, supportedContentTypes: ['text'] },
    create(context) {
      const t = context.createTranslator(messages)
      return {
        file(source) {
          scan(source.content, t, (message, range) =>
            context.report({ message, range: [range[0], range[1]] }),
          )
        },
      }
    },
  }
}
