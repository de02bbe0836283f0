/**
 * The browser's own variant of the app's language, when it has one: an English app in a British
 * browser writes "7 Dec 2026, 16:15", not the American "Dec 7, 2026, 4:15 PM". The app's language
 * alone otherwise.
 */
export function regional(language: string): string {
  const wanted = language.toLowerCase().split('-')[0]
  const own = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return own.find((tag) => tag?.toLowerCase().split('-')[0] === wanted) ?? language
}

/** A date and time in the person's language; empty for no date. */
export function formatDate(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return new Intl.DateTimeFormat(regional(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/**
 * A moment as a clock in `timeZone` shows it, the zone named after it ("Dec 1, 2026, 3:00 AM
 * (Europe/Paris)"): a time set for a place reads as it was set, wherever the reader is. In the
 * reader's own zone when `timeZone` is not one the browser knows.
 */
export function formatDateIn(value: string | null | undefined, language: string, timeZone: string): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  try {
    const local = new Intl.DateTimeFormat(regional(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    })
    return `${local.format(date)} (${timeZone})`
  } catch {
    return formatDate(value, language)
  }
}

/** A calendar day in the person's language. */
export function formatDay(value: string | null | undefined, language: string): string {
  if (!value) return ''
  const date = new Date(value.length === 10 ? `${value}T00:00:00` : value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(regional(language), { dateStyle: 'medium' }).format(date)
}

/** A size in bytes, readable, its unit in the person's language ("595 bytes", "1,2 ko"). */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    // Bytes spelt out ("595 bytes", "595 octets"), larger units short ("1.2 kB", "1,2 ko").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}

/** Names as a sentence lists them in the person's language ("Grace and Linus", "Grace et Linus"). */
export function namesList(names: readonly string[], language: string): string {
  return new Intl.ListFormat(regional(language), { style: 'long', type: 'conjunction' }).format(names)
}
