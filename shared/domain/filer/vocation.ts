/**
 * The space's vocation as a weak hint: words written next to a folder's name ("runbooks/ for procedures")
 * become words of that folder.
 */
import { baseName } from '../links/paths.ts'
import { detectLanguage, foldText, words } from '../text-words.ts'
import type { PageIndex } from './page-index.ts'
import { isContentWord, termsOf } from './terms.ts'

/** How far (in words) a word may sit from a folder's name and still describe it. */
const REACH = 8

type Mention = { at: number; folders: string[] }

/** For each folder the vocation talks about, the terms it uses about it. */
export function folderVocabulary(vocation: string, index: PageIndex): Map<string, Set<string>> {
  const vocabulary = new Map<string, Set<string>>()
  if (!vocation.trim() || index.folders.length === 0) return vocabulary
  const lang = detectLanguage(vocation, index.language)
  const byName = new Map<string, string[]>()
  for (const folder of index.folders) {
    // Only one-word folder names: the vocation's words are matched one by one.
    const name = foldText(baseName(folder))
    if (words(name)[0] === name) byName.set(name, [...(byName.get(name) ?? []), folder])
  }
  // Sentences, paragraphs and list items: a folder's words rarely run past the end of its sentence.
  for (const sentence of vocation.split(/[.;!?](?:\s|$)|\n\s*\n|\n\s*[-*+]\s/)) {
    const tokens = words(sentence)
    const mentions: Mention[] = []
    tokens.forEach((token, at) => {
      const folders = byName.get(token)
      if (folders) mentions.push({ at, folders })
    })
    if (mentions.length === 0) continue
    tokens.forEach((token, at) => {
      if (byName.has(token) || !isContentWord(token)) return
      let nearest: Mention | undefined
      let distance = REACH + 1
      for (const m of mentions) {
        // A folder's description usually follows its name: on a tie the earlier mention wins.
        const d = Math.abs(m.at - at)
        if (d < distance || (d === distance && m.at < at)) {
          nearest = m
          distance = d
        }
      }
      if (!nearest) return
      const [term] = termsOf(token, lang)
      if (!term) return
      for (const folder of nearest.folders) {
        const set = vocabulary.get(folder) ?? new Set<string>()
        set.add(term)
        vocabulary.set(folder, set)
      }
    })
  }
  return vocabulary
}
