import type { CatalogEntry } from './error-status.ts'

/** Live editing: who may join a page's session, and what becomes of it. */
export const COLLAB_MESSAGES = {
  live_not_text: {
    code: 'invalid',
    en: 'Only text files of at most {limit} bytes are edited live: edit this file by saving it.',
    fr: 'Seuls les fichiers texte d’au plus {limit} octets se modifient en direct : modifiez ce fichier en l’enregistrant.',
  },
  live_line_endings: {
    code: 'invalid',
    en: 'This file has Windows line endings (CRLF): it is edited by saving it, not live.',
    fr: 'Ce fichier a des fins de ligne Windows (CRLF) : il se modifie en l’enregistrant, pas en direct.',
  },
  live_busy: {
    code: 'unavailable',
    en: 'Too many pages are being edited live on this server: edit this page by saving it, or try again shortly.',
    fr: 'Trop de pages sont modifiées en direct sur ce serveur : modifiez cette page en l’enregistrant, ou réessayez dans un moment.',
  },
  live_read_only: {
    code: 'forbidden',
    en: 'You can read this page but not change it: your changes were not kept.',
    fr: 'Vous pouvez lire cette page mais pas la modifier : vos modifications n’ont pas été conservées.',
  },
  live_page_gone: {
    code: 'not_found',
    en: 'This page was moved or deleted. Text not saved yet was kept as a note in the inbox.',
    fr: 'Cette page a été déplacée ou supprimée. Le texte pas encore enregistré a été gardé comme note dans la boîte de réception.',
  },
  live_update_foreign: {
    code: 'invalid',
    en: 'This change holds more than the page’s text (another shared type, an object or formatting), or refers to text the page does not have: it was refused.',
    fr: 'Cette modification contient autre chose que le texte de la page (un autre type partagé, un objet ou une mise en forme), ou renvoie à du texte que la page n’a pas : elle a été refusée.',
  },
  live_access_lost: {
    code: 'forbidden',
    en: 'Your access to this page changed (removed or lowered, or you were signed out): live editing stopped. What reached the page before is kept; what is typed here now is not.',
    fr: 'Votre accès à cette page a changé (retiré ou réduit, ou vous avez été déconnecté) : l’édition en direct s’est arrêtée. Ce qui avait atteint la page est conservé ; ce qui est tapé ici désormais ne l’est pas.',
  },
  live_message_invalid: {
    code: 'invalid',
    en: 'A message of this connection could not be read (cut short, or not of the live editing protocol): the connection was closed.',
    fr: 'Un message de cette connexion n’a pas pu être lu (tronqué, ou hors du protocole d’édition en direct) : la connexion a été fermée.',
  },
  live_too_many_sessions: {
    code: 'too_many_requests',
    en: 'You have {limit} pages open live already: close some, or edit this one by saving it.',
    fr: 'Vous avez déjà {limit} pages ouvertes en direct : fermez-en, ou modifiez celle-ci en l’enregistrant.',
  },
  live_page_moved: {
    code: 'not_found',
    en: 'This page was moved to {path}: what was typed in it went with it.',
    fr: 'Cette page a été déplacée vers {path} : ce qui y a été tapé l’a suivie.',
  },
  live_page_gone_saved: {
    code: 'not_found',
    en: 'This page was moved or deleted. Everything typed in it had been saved before.',
    fr: 'Cette page a été déplacée ou supprimée. Tout ce qui y avait été tapé était déjà enregistré.',
  },
  live_websocket_required: {
    code: 'invalid',
    en: 'Live editing needs a WebSocket connection (Upgrade: websocket).',
    fr: 'La modification en direct demande une connexion WebSocket (Upgrade: websocket).',
  },
} as const satisfies Record<string, CatalogEntry>
