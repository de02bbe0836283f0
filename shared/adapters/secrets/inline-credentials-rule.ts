import { looksLikeSecret } from './generic-assignment-rule.ts'
import { ownRule } from './own-rule.ts'

// A curl command, with the lines it continues onto (a trailing backslash).
const CURL = /(?<![\w.-])curl(?:\.exe)?[ \t](?:[^\r\n\\]|\\(?:\r\n|\r|\n)?)*/g
// `-u`, `-U`, `--user`, `--proxy-user` (also glued or after flags: `-uname:pw`, `-su name:pw`), then
// `user:password`, quoted or not. `--user-agent` and `--url` are other options.
const USER_OPTION =
  /(?<=^|[ \t])(?:-[sSLkvfiI]*[uU][ \t]*|--(?:proxy-)?user(?:[ \t]+|=))(?<value>"[^"\r\n]*"|'[^'\r\n]*'|[^\s"'-]\S*)/g
// A URL with `user:password@` before its host, whatever the scheme (https, postgres, redis, mongodb+srv…)
// and host (with or without a dot). The preset's basic-auth rule only reads plain passwords under a
// dotted host name.
const URL_CREDENTIALS =
  /(?<![\w+.-])[A-Za-z][\w+.-]{1,30}:\/\/(?<user>[^\s:@/?#"'<>`]*):(?<password>[^\s@/?#"'<>`]+)@[^\s/?#"'<>`@]/g

/** The password of a `user:password` pair, or undefined when there is none (`user`, `user:`). */
function passwordOf(value: string): string | undefined {
  const unquoted = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value
  const cut = unquoted.indexOf(':')
  return cut === -1 || cut === unquoted.length - 1 ? undefined : unquoted.slice(cut + 1)
}

/** A percent-encoded password as it is typed, or as written when it is not valid encoding. */
function decoded(password: string): string {
  try {
    return decodeURIComponent(password)
  } catch {
    return password
  }
}

// A shell variable or command substitution anywhere: `$PASS`, `${PASS}`, `$(cat file)`.
const SHELL_VALUE = /\$[A-Za-z_{(]/

/** Whether a password read from a command or URL is literal and looks real, as for `password = …`. */
function realPassword(password: string | undefined): boolean {
  return password !== undefined && !SHELL_VALUE.test(password) && looksLikeSecret(password, true)
}

const messages = {
  CurlUser: { en: () => 'found a password given to curl' },
  UrlCredentials: { en: () => 'found a password in a URL' },
}

/** Reports literal passwords in `curl -u user:password` and in `scheme://user:password@host` URLs. */
export const inlineCredentialsRule = ownRule('@quire/inline-credentials', messages, (content, t, report) => {
  for (const command of content.matchAll(CURL)) {
    for (const option of command[0].matchAll(USER_OPTION)) {
      const value = option.groups?.value ?? ''
      if (!realPassword(passwordOf(value))) continue
      const start = command.index + option.index
      // The range ends before the value: where the credentials are, without them.
      const valueAt = option[0].length - value.length
      report(t('CurlUser'), [start, start + Math.max(valueAt, 1)])
    }
  }
  for (const url of content.matchAll(URL_CREDENTIALS)) {
    if (!realPassword(decoded(url.groups?.password ?? ''))) continue
    const schemeEnd = url[0].indexOf('://') + 3
    report(t('UrlCredentials'), [url.index, url.index + schemeEnd])
  }
})
