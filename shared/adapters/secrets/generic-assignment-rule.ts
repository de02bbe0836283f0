import { ownRule } from './own-rule.ts'

// A key of one to three words, then `=`, `:`, `:=` or `=>`, then a value, on one line. The value sits
// in a lookahead so that a match never swallows the next assignment on the same line. `==`, `!=`,
// `<=`, `>=` and `://` are comparisons and URLs, not assignments.
const KEY = /(?<![\w.-])(?<key>-{0,2}[A-Za-z_][\w.-]*(?: [A-Za-z_][\w.-]*){0,2})["'`*_\]]{0,3}[ \t]*/
const OPERATOR = /(?:=>|:=|(?<![!<>=])=(?![=>~])|:(?![:/]))/
const VALUE = /(?=[ \t]*(?:[*_]{1,3}[ \t]*)?(?<value>"[^"\r\n]*"|'[^'\r\n]*'|`[^`\r\n]*`|\S*))/
const ASSIGNMENT = new RegExp(KEY.source + OPERATOR.source + VALUE.source, 'g')

// A key word names a secret when it is, or ends with, one of these (`db_password`, `clientSecret`,
// `X-Api-Key`); `passwordless` or `secretary` do not.
const SECRET_WORD = /^[a-z0-9]*(?:password|passwd|pwd|passphrase|secret|token|apikey|accesskey|privatekey)$/
const KEY_PAIRS = new Set([
  'api key',
  'access key',
  'private key',
  'signing key',
  'encryption key',
  'master key',
])
const PASSWORD_WORD = /(?:password|passwd|pwd|passphrase|pin)$/
// Settings about a secret rather than the secret itself: `password_min_length`, `token_url`, `secret_name`.
const ABOUT_A_SECRET = new Set(
  (
    'length len min max minimum maximum limit budget count policy policies expiry expires expiration ttl timeout ' +
    'age hint reset rotation rotated enabled required prompt regex pattern strength format type field label name ' +
    'id arn ref env var file path dir url uri endpoint link header param parameter provider manager store vault ' +
    'location version date created updated at'
  ).split(' '),
)

/** The lower-case words of a key, split at separators and camel-case humps (`DBPassword` → db password). */
function keyWords(key: string): string[] {
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
}

/** Whether the key names a secret, and whether it names a password (where a number is a real value). */
function secretKey(key: string): { password: boolean } | undefined {
  const words = keyWords(key)
  const last = words[words.length - 1]
  if (last === undefined || ABOUT_A_SECRET.has(last)) return undefined
  const named =
    words.some((w) => SECRET_WORD.test(w)) || words.some((w, i) => KEY_PAIRS.has(`${words[i - 1]} ${w}`))
  return named ? { password: words.some((w) => PASSWORD_WORD.test(w)) } : undefined
}

// Values that stand for a secret without being one: templates, environment lookups, code, masks.
const NOT_A_VALUE = [
  /\$\{[^}]*\}|\{\{[^}]*\}\}|%[A-Za-z_]\w*%/, // ${VAR}, {{ var }}, %VAR% anywhere in the value
  /^\$[A-Za-z_]\w*$|^\$\(|^#\{|^<%|^\{[A-Za-z_][\w.]*\}$/, // $VAR, $(cmd), #{ruby}, <%= erb %>, {var}
  /^(?:process\.env|import\.meta\.env|os\.environ|System\.getenv|ENV\[|getenv\(|env\()/i,
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/, // config.db.password
  /^[A-Za-z_$][\w$.]*(?:\(.*\)|\[.*\]|<.*>)\??$/, // calls and generic types: getPassword(), Optional[str]
  /^<[^>]*>$|^\[[^\]]*\]$/, // <password>, [your key]
  /^(.)\1+$|^[*xX.•#_-]+$/, // aaaaaa, xxxx-xxxx, ********, ...
  /changeme|change[-_ ]me|your[-_ ]|placeholder|example|dummy|redacted|replace[-_ ]?(?:me|with)/i,
  /^[a-z][a-z0-9+.-]*:\/\/|^(?:\/|\.{1,2}\/|~\/)/i, // URLs (the basic-auth rule sees credentials in them) and paths
  /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/, // DB_PASSWORD: the name of a variable holding it
  /^[a-z]+(?:[-_. ][a-z]+)+$/i, // words: not-set, see below, your-password-here
  /^\d{4}-\d{2}-\d{2}/, // dates
]

/** Whether an assigned value looks like a real secret rather than prose, code or a placeholder. */
export function looksLikeSecret(raw: string, password: boolean): boolean {
  const quoted = /^(["'`]).*\1$/.test(raw)
  const whole = quoted ? raw.slice(1, -1).trim() : raw
  // Unquoted values end where the sentence goes on: `password: hunter2!.` or `(api_key=abc123def)`;
  // the placeholder shapes are tried on the value with and without that tail (`<password>`, `${X}`).
  const value = quoted ? whole : raw.replace(/[`'")\]}>.,;:*]+$/, '')
  if (value.length < 6) return false
  if (NOT_A_VALUE.some((re) => re.test(value) || re.test(whole))) return false
  // A lone word is prose or a type name (`password: required`, `secret: SecretStr`), unless long and
  // mixed-case like a generated key.
  if (/^[A-Za-z]+$/.test(value)) return value.length >= 20 && /[a-z]/.test(value) && /[A-Z]/.test(value)
  // Numbers are counts, sizes and durations, except as a password or PIN.
  if (/^\d+$/.test(value)) return password
  return true
}

const messages = {
  GenericAssignment: {
    en: (props?: { key: string }) => `found a literal value assigned to "${props?.key ?? 'a secret'}"`,
  },
}

/** Reports `password = …`, `api_key: …`, `"client_secret": "…"` and the like when the value looks real. */
export const genericAssignmentRule = ownRule('@quire/generic-assignment', messages, (content, t, report) => {
  for (const match of content.matchAll(ASSIGNMENT)) {
    const key = match.groups?.key ?? ''
    const secret = secretKey(key)
    if (secret === undefined || !looksLikeSecret(match.groups?.value ?? '', secret.password)) continue
    // The range covers the key and operator only: where it is, without the value.
    report(t('GenericAssignment', { key: key.replace(/^-+/, '') }), [
      match.index,
      match.index + match[0].length,
    ])
  }
})
