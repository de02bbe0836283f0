import type { CatalogEntry } from './error-status.ts'

/** The tidy-up: its schedule, its runs and reverting them. */
export const TIDY_MESSAGES = {
  time_invalid: {
    code: 'invalid',
    en: 'time must be HH:MM (24-hour clock).',
    fr: 'time doit être au format HH:MM (sur 24 heures).',
  },
  timezone_invalid: {
    code: 'invalid',
    en: 'Unknown time zone "{value}": use an IANA name such as Europe/Paris.',
    fr: 'Fuseau horaire inconnu « {value} » : utilisez un nom IANA comme Europe/Paris.',
  },
  run_not_revertible: {
    code: 'invalid',
    en: 'This run made no commit, or was already reverted.',
    fr: 'Ce passage n’a fait aucun commit, ou a déjà été annulé.',
  },
  revert_conflict: {
    code: 'conflict',
    en: 'Pages this run changed were edited since ({value}): revert by hand.',
    fr: 'Des pages modifiées par ce passage ont été changées depuis ({value}) : annulez à la main.',
  },
  too_many_tidy_runs: {
    code: 'too_many_requests',
    en: 'Too many tidy-up runs started by hand in 24 hours (at most {limit}): try again in {retry_after} seconds.',
    fr: 'Trop de rangements lancés à la main en 24 heures (au plus {limit}) : réessayez dans {retry_after} secondes.',
  },
} as const satisfies Record<string, CatalogEntry>
