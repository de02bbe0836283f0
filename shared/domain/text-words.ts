/**
 * Words of free text for matching without regard to case, accents or grammar: folding, tokens, a light
 * English and French stemmer, stopwords and a language guess. Pure and deterministic.
 */

export type Language = 'en' | 'fr'

// Letters a plain NFD decomposition leaves whole.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' }
const LIGATURE = /[œæßøđłı]/g
// Straight, curly and modifier apostrophes and the backtick people type for one.
const APOSTROPHE = /['’‘ʼ`´]/g
const MARK = /\p{M}/gu
const TOKEN = /[\p{L}\p{N}]+/gu

/** Lowercases text, removes accents and ligatures, and turns apostrophes into spaces (l'équipe → l equipe). */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(LIGATURE, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(MARK, '')
    .replace(APOSTROPHE, ' ')
}

/** The folded words of a text: runs of letters and digits, at least two characters long. */
export function words(text: string): string[] {
  const found = foldText(text).match(TOKEN) ?? []
  return found.filter((w) => w.length >= 2)
}

/** Shortest query word that also matches as the start of a longer word (as-you-type search). */
export const PREFIX_MIN = 3

// A query word matches an equal word, or the start of a word when it has at least PREFIX_MIN characters,
// so that a search typed halfway ("back" → "backups") already finds the note; shorter words must match
// whole, or "in" would match nearly everything. A query without words matches everything.
/** Whether every word of `query` is a word (or a word's start) of `haystack`, ignoring case and accents. */
export function containsAllWords(haystack: string, query: string): boolean {
  const wanted = words(query)
  if (wanted.length === 0) return true
  const present = new Set(words(haystack))
  return wanted.every((w) => {
    if (present.has(w)) return true
    if (w.length < PREFIX_MIN) return false
    for (const p of present) if (p.startsWith(w)) return true
    return false
  })
}

const VOWEL = /[aeiouy]/

function hasVowel(stem: string): boolean {
  return VOWEL.test(stem)
}

// Endings removed only while at least `keep` characters remain, so short words survive whole.
function cut(word: string, suffix: string, keep: number): string | undefined {
  if (!word.endsWith(suffix)) return undefined
  const rest = word.slice(0, -suffix.length)
  return rest.length >= keep && hasVowel(rest) ? rest : undefined
}

// running → run, stopped → stop; but not fall/pass/buzz, whose double letter is part of the word.
function undouble(stem: string): string {
  const last = stem.at(-1) ?? ''
  return stem.length > 3 && last === stem.at(-2) && !'lsz'.includes(last) && !VOWEL.test(last)
    ? stem.slice(0, -1)
    : stem
}

// Both languages end the same way: drop a final silent e, so restore/restored/restoring, recette/recettes
// and service/services meet, and words from one language in a page written in the other still match.
function dropFinalE(stem: string): string {
  return stem.length > 4 && stem.endsWith('e') ? stem.slice(0, -1) : stem
}

function stemEnglish(word: string): string {
  if (word.length <= 3) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (/(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`
  const ing = cut(w, 'ing', 3)
  const ed = ing === undefined ? cut(w, 'ed', 3) : undefined
  if (ing !== undefined) w = undouble(ing)
  else if (ed !== undefined && !w.endsWith('eed')) w = undouble(ed)
  w = cut(w, 'ment', 4) ?? w
  w = cut(w, 'ly', 4) ?? w
  return dropFinalE(w)
}

// Longest first: the first ending that fits is removed.
const FRENCH_ENDINGS: [string, number][] = [
  ['issements', 4],
  ['issement', 4],
  ['ements', 3],
  ['ement', 3],
  ['ments', 4],
  ['ment', 4],
  ['ations', 3],
  ['ation', 3],
  ['euses', 3],
  ['euse', 3],
  ['eux', 3],
]

function stemFrench(word: string): string {
  if (word.length <= 3) return word
  let w = word
  let derived = false
  for (const [ending, keep] of FRENCH_ENDINGS) {
    const rest = cut(w, ending, keep)
    if (rest !== undefined) {
      w = rest
      derived = true
      break
    }
  }
  if (!derived) {
    // Plurals: impôts → impot, bureaux → bureau; but not gaz, prix or fils, too short to tell.
    if (w.length > 4 && (w.endsWith('s') || w.endsWith('x')) && !w.endsWith('ss')) w = w.slice(0, -1)
    // Feminine and past participle: assurée, assuré and assure meet.
    if (w.length > 5 && w.endsWith('ee')) w = w.slice(0, -1)
  }
  return dropFinalE(w)
}

// English: plurals (-s, -es, -ies), -ing, -ed, -ment, -ly. French: plurals (-s, -x), -é/-ée, -ement,
// -ment, -ation, -euse, -eux. Both drop a final e. Short words are kept whole: this only has to make a few
// forms of one word meet, and a wrong merge costs more than a missed one.
/** A light, conservative stem of a folded word, so that a few grammatical forms of it meet. */
export function stem(word: string, lang: Language): string {
  return lang === 'fr' ? stemFrench(word) : stemEnglish(word)
}

const ENGLISH_STOPWORDS = `a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing done down during each else etc even ever every few
for from further get gets got had has have having he her here hers herself him himself his how however if in
into is it its itself just let like made make many may me might more most much must my myself need needs no nor
not now of off often on once one only or other our ours ourselves out over own per please same shall she should
since so some still such than that the their theirs them themselves then there these they this those though
through to too under until up upon us use used using very via was we were what when where whether which while
who whom whose why will with within without would yes yet you your yours yourself yourselves`

const FRENCH_STOPWORDS = `ai aie aient aies ait as au aucun aucune aupres aussi autre autres aux avaient avais
avait avant avec avez aviez avions avoir avons ayant bien car ce ceci cela celle celles celui cependant ces cet
cette ceux chaque chez comme comment dans de des deja depuis donc dont du elle elles en encore entre es est et
etaient etais etait etant ete etes etre eu eue eues eurent eus eut faire fait faut il ils je jusqu jusque la le
les leur leurs lors lui ma mais me meme memes mes moi mon ne ni nos notre nous on ont ou par parce pas peu peut
peuvent plus pour pourquoi qu quand que quel quelle quelles quels qui quoi sa sans se sera seront ses si sinon
soi soit sommes son sont sous suis sur ta te tes toi ton tous tout toute toutes tres tu un une unes uns vers
voici voila vos votre vous`

// Words of intent, time and vagueness ("maybe look into this tomorrow"), and words that name the kind of
// note rather than its topic ("meeting notes", "compte rendu"): common in quick notes, they name no
// subject, and matching on them files a vague note under whatever page happens to use them.
const ENGLISH_VAGUE = `actually anything anyone asap bit check checked something somebody someone sometime
everything fyi idea ideas kind later look looked looking lot lots maybe nothing perhaps point probably quite
really remember remind soon sort stuff thing things think today todo tomorrow tonight try want way yesterday
draft follow followup meeting meetings memo misc note notes recap reminder sync takeaway takeaways update
updates`

const FRENCH_VAGUE = `aujourd bientot chose choses demain hier hui idee idees penser peut quelqu quelque
quelques regarder rien tard truc trucs vite voir vraiment brouillon compte divers memo rendu reunion reunions
suivi`

const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(`${ENGLISH_STOPWORDS} ${ENGLISH_VAGUE}`.split(/\s+/)),
  fr: new Set(`${FRENCH_STOPWORDS} ${FRENCH_VAGUE}`.split(/\s+/)),
}

/** Whether a folded word carries no topic in that language (or in either, without a language). */
export function isStopword(word: string, lang?: Language): boolean {
  if (lang) return STOPWORDS[lang].has(word)
  return STOPWORDS.en.has(word) || STOPWORDS.fr.has(word)
}

/** The language a text is most likely written in, by English and French stopwords (`fallback` on a tie). */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  return guessLanguage(text) ?? fallback
}

/** The language a text is most likely written in, by English and French stopwords; undefined on a tie. */
export function guessLanguage(text: string): Language | undefined {
  let en = 0
  let fr = 0
  for (const w of words(text)) {
    const inEn = STOPWORDS.en.has(w)
    const inFr = STOPWORDS.fr.has(w)
    // Words both languages use (on, me, as...) say nothing about which one this is.
    if (inEn && !inFr) en++
    else if (inFr && !inEn) fr++
  }
  // Accented letters common in French but rare in English tip a short text with few stopwords.
  if (fr === en && /[éèêàùçœ]/i.test(text)) fr++
  if (fr === en) return undefined
  return fr > en ? 'fr' : 'en'
}
