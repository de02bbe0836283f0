/** The error catalog: every error the service reports, with its stable code and its messages. */

/** Stable error codes and the HTTP status each one maps to at the edge. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  secret_detected: 422,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** Languages the messages are written in. */
export const LOCALES = ['en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

type Entry = { code: ErrorCode; en: string; fr: string }

/**
 * Every message a service may report, keyed by reason. A reason belongs to exactly one code, so
 * clients keep relying on the code while messages stay free to change. `{name}` placeholders are
 * filled from the error's params.
 */
export const MESSAGES = {
  invalid: { code: 'invalid', en: 'The request is invalid.', fr: 'La requête est invalide.' },
  review_every_unreadable: {
    code: 'invalid',
    en: 'review_every must be a number followed by d, w, m or y (for example 90d, 6m, 1y), "never" or empty.',
    fr: 'review_every doit être un nombre suivi de d, w, m ou y (par exemple 90d, 6m, 1y), « never » ou vide.',
  },
  slug_invalid: {
    code: 'invalid',
    en: 'The identifier "{value}" is not valid: use 1 to 63 lowercase letters, digits and hyphens, starting with a letter or digit.',
    fr: 'L’identifiant « {value} » n’est pas valide : utilisez 1 à 63 lettres minuscules, chiffres et tirets, en commençant par une lettre ou un chiffre.',
  },
  username_invalid: {
    code: 'invalid',
    en: 'The username "{value}" is not valid: use 1 to 39 lowercase letters, digits, dots, hyphens or underscores.',
    fr: 'Le nom d’utilisateur « {value} » n’est pas valide : utilisez 1 à 39 lettres minuscules, chiffres, points, tirets ou tirets bas.',
  },
  repo_url_invalid: {
    code: 'invalid',
    en: 'repo_url must be empty or an https://, http://, ssh:// or user@host:path Git address, without a password (set credentials through git/credentials).',
    fr: 'repo_url doit être vide ou une adresse Git https://, http://, ssh:// ou utilisateur@hôte:chemin, sans mot de passe (indiquez les identifiants par git/credentials).',
  },
  branch_invalid: {
    code: 'invalid',
    en: 'The branch name "{value}" is not a valid Git branch name.',
    fr: 'Le nom de branche « {value} » n’est pas un nom de branche Git valide.',
  },
  organization_has_spaces: {
    code: 'invalid',
    en: 'The organization still has spaces: delete them first.',
    fr: 'L’organisation contient encore des espaces : supprimez-les d’abord.',
  },
  tool_arguments_invalid: {
    code: 'invalid',
    en: 'The arguments do not fit the tool’s input schema: {value}.',
    fr: 'Les arguments ne respectent pas le schéma d’entrée de l’outil : {value}.',
  },
  unknown_space: {
    code: 'invalid',
    en: 'Unknown space "{value}": use <organization>/<space> among the spaces you can read.',
    fr: 'Espace inconnu « {value} » : indiquez <organisation>/<espace> parmi les espaces que vous pouvez lire.',
  },
  last_superadmin: {
    code: 'invalid',
    en: 'This is the last active super admin: make someone else super admin first.',
    fr: 'C’est le dernier super administrateur actif : nommez d’abord quelqu’un d’autre super administrateur.',
  },
  path_invalid: {
    code: 'invalid',
    en: 'The path "{value}" is not valid: use a relative path inside the space, without "..", ".git" or empty parts.',
    fr: 'Le chemin « {value} » n’est pas valide : indiquez un chemin relatif dans l’espace, sans « .. », « .git » ni partie vide.',
  },
  name_disguised: {
    code: 'invalid',
    en: 'The name "{value}" is refused: it holds a character that changes the direction of text (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) or is not valid Unicode (U+FFFD stands for bytes that were not), which could disguise the file’s real name.',
    fr: 'Le nom « {value} » est refusé : il contient un caractère qui change le sens du texte (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) ou n’est pas de l’Unicode valide (U+FFFD remplace des octets qui ne l’étaient pas), ce qui pourrait déguiser le vrai nom du fichier.',
  },
  content_missing: {
    code: 'invalid',
    en: 'Send the file as content (text) or content_base64, not both.',
    fr: 'Envoyez le fichier en content (texte) ou en content_base64, pas les deux.',
  },
  base64_invalid: {
    code: 'invalid',
    en: 'content_base64 is not valid base64.',
    fr: 'content_base64 n’est pas du base64 valide.',
  },
  not_markdown: {
    code: 'invalid',
    en: 'Only Markdown pages can be verified.',
    fr: 'Seules les pages Markdown peuvent être vérifiées.',
  },
  related_not_markdown: {
    code: 'invalid',
    en: 'Related pages exist only for Markdown pages; "{value}" is not one.',
    fr: 'Les pages liées n’existent que pour les pages Markdown ; « {value} » n’en est pas une.',
  },
  text_too_long: {
    code: 'invalid',
    en: 'The text is longer than {limit} characters.',
    fr: 'Le texte dépasse {limit} caractères.',
  },
  no_remote: {
    code: 'invalid',
    en: 'This space has no remote repository.',
    fr: 'Cet espace n’a pas de dépôt distant.',
  },
  credentials_invalid: {
    code: 'invalid',
    en: 'Credentials of kind https need token; kind ssh needs private_key and known_hosts.',
    fr: 'Les identifiants de type https demandent token ; le type ssh demande private_key et known_hosts.',
  },
  server_unreachable: {
    code: 'invalid',
    en: 'The server at {url} could not be reached ({reason}). Check the address and the network.',
    fr: 'Le serveur {url} est injoignable ({reason}). Vérifiez l’adresse et le réseau.',
  },
  server_address_refused: {
    code: 'invalid',
    en: 'The app does not connect to {url}: {reason}. Give the address of your Quire server.',
    fr: 'L’application ne se connecte pas à {url} : {reason}. Indiquez l’adresse de votre serveur Quire.',
  },
  server_refused_token: {
    code: 'invalid',
    en: 'The server at {url} refused this token: use a personal token of your account that has not expired.',
    fr: 'Le serveur {url} a refusé ce jeton : utilisez un jeton personnel de votre compte qui n’a pas expiré.',
  },
  server_address_invalid: {
    code: 'invalid',
    en: '{url} is not a server address: give one starting with https:// or http://.',
    fr: '{url} n’est pas une adresse de serveur : indiquez-en une qui commence par https:// ou http://.',
  },
  not_in_conflict: {
    code: 'invalid',
    en: '"{value}" is not in conflict.',
    fr: '« {value} » n’est pas en conflit.',
  },
  note_empty: {
    code: 'invalid',
    en: 'A note needs some content, a title or an attachment.',
    fr: 'Une note demande un contenu, un titre ou une pièce jointe.',
  },
  attachment_invalid: {
    code: 'invalid',
    en: 'Attachment "{value}" is not usable: give a plain file name and base64 content of at most {limit} bytes.',
    fr: 'La pièce jointe « {value} » n’est pas utilisable : donnez un nom de fichier simple et un contenu base64 d’au plus {limit} octets.',
  },
  not_a_change: {
    code: 'invalid',
    en: 'Only change items can be marked as seen.',
    fr: 'Seuls les éléments de type changement peuvent être marqués comme vus.',
  },
  not_a_note: {
    code: 'invalid',
    en: 'Only notes can be corrected, deleted or moved.',
    fr: 'Seules les notes peuvent être corrigées, supprimées ou déplacées.',
  },
  same_space: {
    code: 'invalid',
    en: 'The note is already in this space.',
    fr: 'La note est déjà dans cet espace.',
  },
  budget_unpriced: {
    code: 'invalid',
    en: 'A monthly budget needs a price for the model "{value}": enter price_input and price_output.',
    fr: 'Un budget mensuel demande un prix pour le modèle « {value} » : indiquez price_input et price_output.',
  },
  ai_not_configured: {
    code: 'invalid',
    en: 'No AI provider is set for this organization.',
    fr: 'Aucun fournisseur d’IA n’est configuré pour cette organisation.',
  },
  base_url_invalid: {
    code: 'invalid',
    en: 'base_url must be an http:// or https:// address.',
    fr: 'base_url doit être une adresse http:// ou https://.',
  },
  time_invalid: {
    code: 'invalid',
    en: 'time must be HH:MM (24-hour clock).',
    fr: 'time doit être au format HH:MM (sur 24 heures).',
  },
  timezone_invalid: {
    code: 'invalid',
    en: 'Unknown time zone "{value}": use an IANA name such as Europe/Paris.',
    fr: 'Fuseau horaire inconnu « {value} » : utilisez un nom IANA comme Europe/Paris.',
  },
  run_not_revertible: {
    code: 'invalid',
    en: 'This run made no commit, or was already reverted.',
    fr: 'Ce passage n’a fait aucun commit, ou a déjà été annulé.',
  },
  revert_conflict: {
    code: 'conflict',
    en: 'Pages this run changed were edited since ({value}): revert by hand.',
    fr: 'Des pages modifiées par ce passage ont été changées depuis ({value}) : annulez à la main.',
  },
  base_url_reserved: {
    code: 'forbidden',
    en: 'Only the super admin may set base_url.',
    fr: 'Seul le super administrateur peut définir base_url.',
  },
  front_matter_unreadable: {
    code: 'invalid',
    en: 'The page’s front matter is not valid YAML: fix it before verifying the page.',
    fr: 'L’en-tête YAML de la page n’est pas valide : corrigez-le avant de vérifier la page.',
  },
  regex_invalid: {
    code: 'invalid',
    en: 'The regular expression cannot be read: {value}',
    fr: 'L’expression régulière est illisible : {value}',
  },
  regex_unsupported: {
    code: 'invalid',
    en: 'The regular expression uses what search cannot run in bounded time (backreferences, lookahead, lookbehind): {value}',
    fr: 'L’expression régulière utilise ce que la recherche ne peut exécuter en temps borné (références arrière, assertions avant ou arrière) : {value}',
  },
  webhook_url_invalid: {
    code: 'invalid',
    en: 'The webhook URL must be an http:// or https:// address.',
    fr: 'L’URL du webhook doit être une adresse http:// ou https://.',
  },
  webhook_url_credentials: {
    code: 'invalid',
    en: 'The webhook URL must not hold a user name or password, which would be listed in clear: receivers check the webhook-signature header instead.',
    fr: 'L’URL du webhook ne doit pas contenir de nom d’utilisateur ni de mot de passe, qui seraient affichés en clair : les destinataires vérifient plutôt l’en-tête webhook-signature.',
  },
  webhook_url_refused: {
    code: 'invalid',
    en: 'The webhook URL is refused: its host is on a loopback, private, link-local or cloud-metadata address.',
    fr: 'L’URL du webhook est refusée : son hôte est sur une adresse de bouclage, privée, lien-local ou de métadonnées cloud.',
  },
  unauthenticated: {
    code: 'unauthenticated',
    en: 'Authentication required: send a valid personal token or sign in.',
    fr: 'Authentification requise : envoyez un jeton personnel valide ou connectez-vous.',
  },
  bad_credentials: {
    code: 'unauthenticated',
    en: 'Wrong username or password.',
    fr: 'Nom d’utilisateur ou mot de passe incorrect.',
  },
  forbidden: {
    code: 'forbidden',
    en: 'You are not allowed to do this.',
    fr: 'Vous n’êtes pas autorisé à faire cela.',
  },
  restricted_token: {
    code: 'forbidden',
    en: 'A restricted token cannot manage the account or administer anything.',
    fr: 'Un jeton restreint ne peut ni gérer le compte ni rien administrer.',
  },
  read_only_token: {
    code: 'forbidden',
    en: 'This token is read-only.',
    fr: 'Ce jeton est en lecture seule.',
  },
  own_profile_only: {
    code: 'forbidden',
    en: 'You may change only your own name and language.',
    fr: 'Vous ne pouvez modifier que votre propre nom et votre langue.',
  },
  wrong_current_password: {
    code: 'forbidden',
    en: 'The current password is wrong.',
    fr: 'Le mot de passe actuel est incorrect.',
  },
  cross_site_request: {
    code: 'forbidden',
    en: 'Requests signed in with a cookie must come from this site (Origin) or carry X-Requested-With.',
    fr: 'Les requêtes authentifiées par cookie doivent venir de ce site (Origin) ou porter X-Requested-With.',
  },
  not_found: {
    code: 'not_found',
    en: 'Not found.',
    fr: 'Introuvable.',
  },
  conflict: { code: 'conflict', en: 'Conflict.', fr: 'Conflit.' },
  base_sha_required: {
    code: 'conflict',
    en: 'The file exists: send the base_sha you read (or force: true) to replace it.',
    fr: 'Le fichier existe : envoyez le base_sha lu (ou force: true) pour le remplacer.',
  },
  file_changed: {
    code: 'conflict',
    en: 'The file changed since base_sha was read: read it again and merge your changes.',
    fr: 'Le fichier a changé depuis la lecture de base_sha : relisez-le et reportez vos modifications.',
  },
  file_exists: {
    code: 'conflict',
    en: 'A file already exists at "{value}".',
    fr: 'Un fichier existe déjà à « {value} ».',
  },
  path_is_folder: {
    code: 'conflict',
    en: '"{value}" is a folder: a file cannot replace it. Choose another path.',
    fr: '« {value} » est un dossier : un fichier ne peut pas le remplacer. Choisissez un autre chemin.',
  },
  path_under_file: {
    code: 'conflict',
    en: '"{value}" is a file: nothing can be written under it. Choose another path.',
    fr: '« {value} » est un fichier : rien ne peut être écrit dessous. Choisissez un autre chemin.',
  },
  push_other_ref: {
    code: 'forbidden',
    en: 'Only the branch {branch} of this space can be pushed, not {value}.',
    fr: 'Seule la branche {branch} de cet espace peut être poussée, pas {value}.',
  },
  push_deletes_branch: {
    code: 'forbidden',
    en: 'The branch {branch} cannot be deleted.',
    fr: 'La branche {branch} ne peut pas être supprimée.',
  },
  push_rewrites_history: {
    code: 'conflict',
    en: 'This push rewrites the history of {branch} (it does not contain the branch’s current commit): fetch, put your commits on top (git pull --rebase) and push again.',
    fr: 'Cette poussée réécrit l’historique de {branch} (elle ne contient pas le commit actuel de la branche) : récupérez, placez vos commits par-dessus (git pull --rebase) et poussez de nouveau.',
  },
  push_stale: {
    code: 'conflict',
    en: 'The branch {branch} changed since you fetched it: fetch, put your commits on top (git pull --rebase) and push again.',
    fr: 'La branche {branch} a changé depuis votre récupération : récupérez, placez vos commits par-dessus (git pull --rebase) et poussez de nouveau.',
  },
  push_merge: {
    code: 'conflict',
    en: 'The branch {branch} keeps a linear history: merge commits ({commit}) are refused. Put your commits on top of it (git pull --rebase) and push again.',
    fr: 'La branche {branch} garde un historique linéaire : les commits de fusion ({commit}) sont refusés. Placez vos commits par-dessus (git pull --rebase) et poussez de nouveau.',
  },
  push_name_refused: {
    code: 'invalid',
    en: '{path} (commit {commit}) has a name the space cannot take: no control characters or line breaks, no "\\", "..", ".git" or name a file system takes for it (git~1), no character that changes the direction of text, valid UTF-8 in composed form (NFC), at most 255 characters a part. Rename it in your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) porte un nom que l’espace ne peut pas prendre : ni caractère de contrôle ni saut de ligne, ni « \\ », « .. », « .git » ou nom qu’un système de fichiers prend pour lui (git~1), ni caractère qui change le sens du texte, de l’UTF-8 valide en forme composée (NFC), 255 caractères au plus par partie. Renommez-le dans vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_file_too_large: {
    code: 'too_large',
    en: '{path} (commit {commit}) is {size} bytes, more than the {limit} bytes a file of the space may have; nothing was changed on the branch. Remove it from your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) fait {size} octets, plus que les {limit} octets permis pour un fichier de l’espace ; rien n’a changé sur la branche. Retirez-le de vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_admin_only: {
    code: 'forbidden',
    en: '{path} (commit {commit}) can only be changed by an admin of the space: the vocation and the tidy rules steer the tidy-up. Remove that change from your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) ne peut être modifié que par un administrateur de l’espace : la vocation et les règles de rangement guident le rangement. Retirez cette modification de vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_inbox_path: {
    code: 'invalid',
    en: '{path} (commit {commit}) is not where the inbox keeps notes: .service/inbox/<name>/note.md and its attachments beside it, the name in lowercase letters, digits and hyphens. Move it in your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) n’est pas là où la boîte de réception range les notes : .service/inbox/<nom>/note.md et ses pièces jointes à côté, le nom en lettres minuscules, chiffres et tirets. Déplacez-le dans vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_unreadable: {
    code: 'invalid',
    en: 'The pushed objects could not be stored: {value}',
    fr: 'Les objets poussés n’ont pas pu être enregistrés : {value}',
  },
  already_exists: {
    code: 'conflict',
    en: '"{value}" already exists.',
    fr: '« {value} » existe déjà.',
  },
  secret_detected: {
    code: 'secret_detected',
    en: 'The content seems to contain a secret ({rules}, line {line}); nothing was committed. Remove it, or resend with allow_secrets: true.',
    fr: 'Le contenu semble contenir un secret ({rules}, ligne {line}) ; rien n’a été enregistré. Retirez-le, ou renvoyez avec allow_secrets: true.',
  },
  secret_in_path: {
    code: 'secret_detected',
    en: 'The path seems to contain a secret ({rules}); nothing was committed. Choose another path, or resend with allow_secrets: true.',
    fr: 'Le chemin semble contenir un secret ({rules}) ; rien n’a été enregistré. Choisissez un autre chemin, ou renvoyez avec allow_secrets: true.',
  },
  secret_in_owner: {
    code: 'secret_detected',
    en: 'The owner seems to contain a secret ({rules}); nothing was committed. Name the owner by their username.',
    fr: 'Le responsable semble contenir un secret ({rules}) ; rien n’a été enregistré. Désignez le responsable par son nom d’utilisateur.',
  },
  secret_in_author: {
    code: 'secret_detected',
    en: 'Your display name, e-mail address or the name of the token in use seems to contain a secret ({rules}), and a commit would keep it for good; nothing was committed. Change it first.',
    fr: 'Votre nom affiché, votre adresse e-mail ou le nom du jeton utilisé semble contenir un secret ({rules}), qu’un commit garderait pour toujours ; rien n’a été enregistré. Changez-le d’abord.',
  },
  secret_pushed: {
    code: 'secret_detected',
    en: '{path} seems to contain a secret ({rules}, line {line}, commit {commit}); nothing was changed on the branch. Remove it from your commits (git commit --amend or git rebase) and push again.',
    fr: '{path} semble contenir un secret ({rules}, ligne {line}, commit {commit}) ; rien n’a changé sur la branche. Retirez-le de vos commits (git commit --amend ou git rebase) et poussez de nouveau.',
  },
  too_large: {
    code: 'too_large',
    en: 'The request body is larger than {limit} bytes.',
    fr: 'Le corps de la requête dépasse {limit} octets.',
  },
  too_many_requests: {
    code: 'too_many_requests',
    en: 'Too many requests: try again in {retry_after} seconds.',
    fr: 'Trop de requêtes : réessayez dans {retry_after} secondes.',
  },
  too_many_drops: {
    code: 'too_many_requests',
    en: 'Too many notes dropped this hour (at most {limit}): try again in {retry_after} seconds.',
    fr: 'Trop de notes déposées cette heure-ci (au plus {limit}) : réessayez dans {retry_after} secondes.',
  },
  too_many_tidy_runs: {
    code: 'too_many_requests',
    en: 'Too many tidy-up runs started by hand in 24 hours (at most {limit}): try again in {retry_after} seconds.',
    fr: 'Trop de rangements lancés à la main en 24 heures (au plus {limit}) : réessayez dans {retry_after} secondes.',
  },
  too_many_sign_ins: {
    code: 'too_many_requests',
    en: 'Too many sign-in attempts: try again in {retry_after} seconds.',
    fr: 'Trop de tentatives de connexion : réessayez dans {retry_after} secondes.',
  },
  internal: {
    code: 'internal',
    en: 'Something went wrong on our side; the error has been logged.',
    fr: 'Un problème est survenu de notre côté ; l’erreur a été consignée.',
  },
  unavailable: {
    code: 'unavailable',
    en: 'The service is temporarily unavailable: try again shortly.',
    fr: 'Le service est momentanément indisponible : réessayez dans un instant.',
  },
  repository_damaged: {
    code: 'unavailable',
    en: 'The space’s repository could not be read safely (the server’s log says why): try again later, or ask an administrator.',
    fr: 'Le dépôt de l’espace n’a pas pu être lu sans risque (le journal du serveur indique pourquoi) : réessayez plus tard, ou adressez-vous à un administrateur.',
  },
  // --- Agent routines ---
  routine_no_output: {
    code: 'invalid',
    en: 'A routine needs at least one output: output_page, output_inbox, output_webhook or output_email.',
    fr: 'Une routine demande au moins une sortie : output_page, output_inbox, output_webhook ou output_email.',
  },
  routine_template_unknown: {
    code: 'invalid',
    en: 'There is no routine template "{value}": use coherence or digest, or leave template empty for a blank routine.',
    fr: 'Il n’y a pas de modèle de routine « {value} » : utilisez coherence ou digest, ou laissez template vide pour une routine vierge.',
  },
  routine_page_invalid: {
    code: 'invalid',
    en: 'output_page must be empty or a Markdown page under content/ (for example reports/coherence.md): "{value}" is not one.',
    fr: 'output_page doit être vide ou une page Markdown sous content/ (par exemple reports/coherence.md) : « {value} » n’en est pas une.',
  },
  routine_scope_invalid: {
    code: 'invalid',
    en: 'scope lists folders under content/: "{value}" is not one.',
    fr: 'scope liste des dossiers sous content/ : « {value} » n’en est pas un.',
  },
  routine_webhook_refused: {
    code: 'invalid',
    en: 'output_webhook cannot be used: {value}.',
    fr: 'output_webhook ne peut pas être utilisé : {value}.',
  },
  routine_budget_reached: {
    code: 'invalid',
    en: 'The organization’s monthly AI budget is reached: the routine cannot run until next month or until the budget is raised.',
    fr: 'Le budget mensuel d’IA de l’organisation est atteint : la routine ne peut pas tourner avant le mois prochain ou une hausse du budget.',
  },
} as const satisfies Record<string, Entry>

export type Reason = keyof typeof MESSAGES

/** The message for a reason in a language, with its placeholders filled. */
export function messageFor(
  reason: Reason,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const template: string = MESSAGES[reason][locale]
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole))
}
