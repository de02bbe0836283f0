import type { Locale } from '#shared/errors/catalog.ts'
import type { SpaceView } from '#shared/services/spaces/list-spaces.ts'

/** Escapes text for HTML content and attribute values. */
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const WORDS = {
  en: {
    title: (app: string) => `Allow ${app} to use your account?`,
    signedInAs: 'Signed in as',
    returnsTo: (host: string) => `After your answer, you go back to <strong>${host}</strong>.`,
    asks: 'It asks to:',
    read: 'read and search the pages of your spaces',
    write: 'write in your spaces: drop notes and edit pages',
    writeHint: 'Untick to let it read only.',
    rightsNote: 'It can never do more than you can.',
    limit: 'Only these spaces (none ticked: all your spaces, including future ones)',
    noSpaces: 'You cannot read any space yet.',
    allow: 'Allow',
    deny: 'Deny',
    errorTitle: 'This authorization request cannot be answered',
    errorHint: 'Go back to the application and connect it again.',
  },
  fr: {
    title: (app: string) => `Autoriser ${app} à utiliser votre compte ?`,
    signedInAs: 'Connecté en tant que',
    returnsTo: (host: string) => `Après votre réponse, vous revenez sur <strong>${host}</strong>.`,
    asks: 'Elle demande à :',
    read: 'lire les pages de vos espaces et y chercher',
    write: 'écrire dans vos espaces : déposer des notes et modifier des pages',
    writeHint: 'Décochez pour ne lui permettre que la lecture.',
    rightsNote: 'Elle ne pourra jamais faire plus que vous.',
    limit: 'Seulement ces espaces (aucun coché : tous vos espaces, y compris les futurs)',
    noSpaces: 'Vous ne pouvez encore lire aucun espace.',
    allow: 'Autoriser',
    deny: 'Refuser',
    errorTitle: 'Cette demande d’autorisation ne peut pas aboutir',
    errorHint: 'Revenez à l’application et connectez-la de nouveau.',
  },
} as const

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem 0;box-sizing:border-box;background:#f4f5f7;color:#1d2330;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(34rem,calc(100% - 2rem));background:#fff;border:1px solid #dde1e8;border-radius:12px;
padding:2rem;box-shadow:0 4px 20px rgba(20,30,50,.06)}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 1rem}
p{margin:.5rem 0}.muted{color:#5b6475;font-size:.9rem}
ul{margin:.25rem 0 .75rem;padding-left:1.25rem}
fieldset{border:1px solid #dde1e8;border-radius:8px;margin:1rem 0;padding:.5rem 1rem .75rem;
max-height:16rem;overflow:auto}
legend{float:left;width:100%;font-size:.9rem;color:#5b6475;padding:0;margin-bottom:.35rem}
legend+*{clear:both}
label{display:flex;gap:.5rem;align-items:baseline;padding:.2rem 0}
code{font-size:.85rem;background:#f0f2f5;border-radius:4px;padding:0 .25rem}
.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1.5rem}
button{font:inherit;border-radius:8px;padding:.55rem 1.4rem;cursor:pointer;border:1px solid #c5cbd6;
background:#fff;color:#1d2330}
button.primary{background:#2453d4;border-color:#2453d4;color:#fff}
button:focus-visible{outline:3px solid #9db6ff;outline-offset:2px}
`

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

/** What the consent page shows and carries. */
export type ConsentView = {
  locale: Locale
  appName: string
  redirectHost: string
  readOnly: boolean
  person: { displayName: string; username: string }
  spaces: SpaceView[]
  /** The authorization request's fields and the form token, sent back as hidden fields. */
  hidden: Record<string, string>
}

/** The consent page: who asks, where the answer goes, what access, which spaces; Allow or Deny. */
export function consentPage(view: ConsentView): string {
  const w = WORDS[view.locale]
  const hidden = Object.entries(view.hidden)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('')
  const spaces =
    view.spaces.length === 0
      ? `<p class="muted">${w.noSpaces}</p>`
      : `<fieldset><legend>${w.limit}</legend>${view.spaces
          .map(
            ({ space, organization }) =>
              `<label><input type="checkbox" name="space" value="${space.id}"> <span><code>${esc(
                `${organization.slug}/${space.slug}`,
              )}</code> ${esc(space.name)}</span></label>`,
          )
          .join('')}</fieldset>`
  const body = `<h1>${esc(w.title(view.appName))}</h1>
<p class="muted">${w.signedInAs} ${esc(view.person.displayName)} (@${esc(view.person.username)})</p>
<form method="post" action="/oauth/authorize">${hidden}
<p>${w.asks}</p>
<ul><li>${w.read}</li>${
    view.readOnly
      ? ''
      : `<li><label><input type="checkbox" name="write" value="1" checked aria-describedby="write-hint"> <span>${w.write}</span></label><span id="write-hint" class="muted">${w.writeHint}</span></li>`
  }</ul>
<p class="muted">${w.rightsNote}</p>
<p>${w.returnsTo(esc(view.redirectHost))}</p>${spaces}
<div class="actions"><button type="submit" name="decision" value="deny">${w.deny}</button>
<button type="submit" name="decision" value="allow" class="primary">${w.allow}</button></div>
</form>`
  return page(view.locale, w.title(view.appName), body)
}

/** The page shown instead of redirecting when the request cannot safely be answered at its redirect URI. */
export function errorPage(locale: Locale, reason: string): string {
  const w = WORDS[locale]
  return page(
    locale,
    w.errorTitle,
    `<h1>${w.errorTitle}</h1><p>${esc(reason)}</p><p class="muted">${w.errorHint}</p>`,
  )
}
