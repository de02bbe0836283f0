import type { CatalogEntry } from './error-status.ts'

/** Reading and writing files: paths, content, concurrent changes and secrets. */
export const CONTENT_MESSAGES = {
  path_invalid: {
    code: 'invalid',
    en: 'The path "{value}" is not valid: use a relative path inside the space, without "..", ".git", empty parts, control characters or backslashes, each name at most 255 characters.',
    fr: 'Le chemin « {value} » n’est pas valide : indiquez un chemin relatif dans l’espace, sans « .. », « .git », partie vide, caractère de contrôle ni barre oblique inverse, chaque nom d’au plus 255 caractères.',
  },
  name_disguised: {
    code: 'invalid',
    en: 'The name "{value}" is refused: it holds a character that changes the direction of text (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) or is not valid Unicode (U+FFFD stands for bytes that were not), which could disguise the file’s real name.',
    fr: 'Le nom « {value} » est refusé : il contient un caractère qui change le sens du texte (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) ou n’est pas de l’Unicode valide (U+FFFD remplace des octets qui ne l’étaient pas), ce qui pourrait déguiser le vrai nom du fichier.',
  },
  name_not_portable: {
    code: 'invalid',
    en: 'The name "{value}" cannot be used for a new file or folder: Windows cannot hold it (a device name such as CON, NUL, AUX, COM1 or LPT1, a name ending in a dot or a space, or one of < > : " | ? *), so the space’s clones there would break. Choose another name.',
    fr: 'Le nom « {value} » ne peut pas servir à un nouveau fichier ou dossier : Windows ne peut pas le porter (un nom de périphérique comme CON, NUL, AUX, COM1 ou LPT1, un nom finissant par un point ou une espace, ou l’un de < > : " | ? *), et les clones de l’espace y seraient cassés. Choisissez un autre nom.',
  },
  path_case_twin: {
    code: 'conflict',
    en: '"{existing}" is already in the space: "{value}" differs from it only by upper and lower case, and on Windows and macOS both would be one file. Use the existing name, or another.',
    fr: '« {existing} » est déjà dans l’espace : « {value} » n’en diffère que par les majuscules et minuscules, et sous Windows et macOS les deux seraient un même fichier. Utilisez le nom existant, ou un autre.',
  },
  content_missing: {
    code: 'invalid',
    en: 'Send the file’s content, as content (text) or content_base64.',
    fr: 'Envoyez le contenu du fichier, en content (texte) ou en content_base64.',
  },
  content_twice: {
    code: 'invalid',
    en: 'Send the file as content (text) or content_base64, not both.',
    fr: 'Envoyez le fichier en content (texte) ou en content_base64, pas les deux.',
  },
  base64_invalid: {
    code: 'invalid',
    en: 'content_base64 is not valid base64.',
    fr: 'content_base64 n’est pas du base64 valide.',
  },
  base_sha_required: {
    code: 'conflict',
    en: 'The file exists: send the base_sha you read (or force: true) to replace it.',
    fr: 'Le fichier existe : envoyez le base_sha lu (ou force: true) pour le remplacer.',
  },
  base_sha_required_purpose: {
    code: 'conflict',
    en: 'The file exists: send the base_sha you read to replace it (GET gives it).',
    fr: 'Le fichier existe : envoyez le base_sha lu pour le remplacer (GET le donne).',
  },
  file_changed: {
    code: 'conflict',
    en: 'The file changed since base_sha was read: read it again and merge your changes.',
    fr: 'Le fichier a changé depuis la lecture de base_sha : relisez-le et reportez vos modifications.',
  },
  file_exists: {
    code: 'conflict',
    en: 'A file already exists at "{value}".',
    fr: 'Un fichier existe déjà à « {value} ».',
  },
  folder_exists: {
    code: 'conflict',
    en: 'A folder already exists at "{value}": a folder is not moved into another one’s place. Choose another path.',
    fr: 'Un dossier existe déjà à « {value} » : un dossier ne prend pas la place d’un autre. Choisissez un autre chemin.',
  },
  move_into_itself: {
    code: 'invalid',
    en: 'The folder "{value}" cannot be moved inside itself. Choose a path outside it.',
    fr: 'Le dossier « {value} » ne peut pas être déplacé en lui-même. Choisissez un chemin en dehors.',
  },
  path_is_folder: {
    code: 'conflict',
    en: '"{value}" is a folder: a file cannot replace it. Choose another path.',
    fr: '« {value} » est un dossier : un fichier ne peut pas le remplacer. Choisissez un autre chemin.',
  },
  path_under_file: {
    code: 'conflict',
    en: '"{value}" is a file: nothing can be written under it. Choose another path.',
    fr: '« {value} » est un fichier : rien ne peut être écrit dessous. Choisissez un autre chemin.',
  },
  secret_detected: {
    code: 'secret_detected',
    en: 'The content seems to contain a secret ({rules}, line {line}); nothing was committed. Remove it, or resend with allow_secrets: true.',
    fr: 'Le contenu semble contenir un secret ({rules}, ligne {line}) ; rien n’a été enregistré. Retirez-le, ou renvoyez avec allow_secrets: true.',
  },
  secret_in_note_field: {
    code: 'secret_detected',
    en: 'The note’s {field} seems to contain a secret ({rules}); nothing was committed. Remove it, or resend with allow_secrets: true.',
    fr: 'Le champ {field} de la note semble contenir un secret ({rules}) ; rien n’a été enregistré. Retirez-le, ou renvoyez avec allow_secrets: true.',
  },
  secret_in_path: {
    code: 'secret_detected',
    en: 'The path seems to contain a secret ({rules}); nothing was committed. Choose another path, or resend with allow_secrets: true.',
    fr: 'Le chemin semble contenir un secret ({rules}) ; rien n’a été enregistré. Choisissez un autre chemin, ou renvoyez avec allow_secrets: true.',
  },
  secret_in_owner: {
    code: 'secret_detected',
    en: 'The owner seems to contain a secret ({rules}); nothing was committed. Name the owner by their username.',
    fr: 'Le responsable semble contenir un secret ({rules}) ; rien n’a été enregistré. Désignez le responsable par son nom d’utilisateur.',
  },
  secret_in_author: {
    code: 'secret_detected',
    en: 'Your display name, e-mail address or the name of the token in use seems to contain a secret ({rules}), and a commit would keep it for good; nothing was committed. Change it first.',
    fr: 'Votre nom affiché, votre adresse e-mail ou le nom du jeton utilisé semble contenir un secret ({rules}), qu’un commit garderait pour toujours ; rien n’a été enregistré. Changez-le d’abord.',
  },
} as const satisfies Record<string, CatalogEntry>
