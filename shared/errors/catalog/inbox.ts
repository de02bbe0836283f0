import type { CatalogEntry } from './error-status.ts'

/** The inbox: dropped notes and changed pages. */
export const INBOX_MESSAGES = {
  note_empty: {
    code: 'invalid',
    en: 'A note needs some content, a title or an attachment.',
    fr: 'Une note demande un contenu, un titre ou une pièce jointe.',
  },
  attachment_invalid: {
    code: 'invalid',
    en: 'Attachment "{value}" is not usable: give a plain file name and base64 content of at most {limit} bytes.',
    fr: 'La pièce jointe « {value} » n’est pas utilisable : donnez un nom de fichier simple et un contenu base64 d’au plus {limit} octets.',
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
  too_many_drops: {
    code: 'too_many_requests',
    en: 'Too many notes dropped this hour (at most {limit}): try again in {retry_after} seconds.',
    fr: 'Trop de notes déposées cette heure-ci (au plus {limit}) : réessayez dans {retry_after} secondes.',
  },
} as const satisfies Record<string, CatalogEntry>
