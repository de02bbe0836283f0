import type { Language } from '../../../domain/text-words.ts'
import { guessLanguage } from '../../../domain/text-words.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Space } from '../../../ports/store.ts'
import { type RequestIndexDeps, requestIndex } from '../../search/index-space.ts'

const code = (path: string) => `\`${path.replace(/`/g, "'")}\``

/** `n` and the noun, singular for one (French: also zero). */
function count(language: Language, n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 || (language === 'fr' && n === 0) ? one : many}`
}

/** The built-in routines' words in English. */
const en = {
  brokenTitle: (page: string) => `Broken link in ${page}`,
  brokenDetail: (page: string, link: string, suggestion: string | null) =>
    `${code(page)} links to ${code(link)}, which does not exist.${suggestion ? ` Did you mean ${code(suggestion)}?` : ''}`,
  duplicateTitle: (a: string, b: string) => `Near-duplicate pages: ${a} and ${b}`,
  duplicateDetail: (a: string, b: string, score: number) =>
    `${code(a)} and ${code(b)} say nearly the same thing (similarity ${score.toFixed(2)}): merge them, or make each one's purpose clear.`,
  clashTitle: (a: string, b: string) => `Contradiction between ${a} and ${b}`,
  clashDetail: (a: string, sa: string, b: string, sb: string, fa: string, fb: string) =>
    `${code(a)} says “${sa}” but ${code(b)} says “${sb}” (${fa} / ${fb}).`,
  orphanTitle: (path: string) => `Orphan page: ${path}`,
  orphanDetail: (path: string) =>
    `No page links to ${code(path)}: link it from where people would look for it, or remove it.`,
  dueTitle: (path: string) => `Review due: ${path}`,
  dueDetail: (path: string, due: string, owner: string | null) =>
    `${code(path)} was due for review on ${due}${owner ? ` (owner: ${owner})` : ''}.`,
  sections: [
    'Broken links',
    'Near-duplicate pages',
    'Contradicting figures or dates',
    'Orphan pages',
    'Pages due for review',
  ],
  counts: (broken: number, duplicates: number, clashes: number, orphans: number, due: number) => [
    count('en', broken, 'broken link'),
    count('en', duplicates, 'near-duplicate pair'),
    count('en', clashes, 'contradiction'),
    count('en', orphans, 'orphan page'),
    count('en', due, 'page due for review', 'pages due for review'),
  ],
  noProblem: (pages: number) => `No problem found in ${count('en', pages, 'page')}.`,
  problems: (found: number, pages: number, counts: string[]) =>
    `${count('en', found, 'problem')} found in ${count('en', pages, 'page')}: ${counts.join(', ')}.`,
  none: 'None.',
  noChange: (from: string, to: string) => `No change from ${from} to ${to}.`,
  changes: (
    from: string,
    to: string,
    c: Record<'created' | 'updated' | 'moved' | 'deleted' | 'filed', number>,
    people: string[],
  ) =>
    `From ${from} to ${to}: ${count('en', c.created, 'page')} created, ${c.updated} updated, ${c.moved} moved, ${c.deleted} deleted, ${count('en', c.filed, 'note')} filed, by ${people.join(', ')}.`,
  topLevel: '(top level)',
  notesFiled: 'Notes filed',
  moved: (from: string, to: string) => `Moved ${code(from)} to ${code(to)}`,
  filed: (note: string) => `Filed note ${code(note)}`,
  created: (path: string) => `Created ${code(path)}`,
  updated: (path: string) => `Updated ${code(path)}`,
  updatedTimes: (path: string, times: number) => `Updated ${code(path)} ${times} times`,
  deleted: (path: string) => `Deleted ${code(path)}`,
  byOn: (by: string, day: string) => `, by ${by} (${day})`,
  folderTitle: (folder: string, n: number) => `Changes in ${folder}: ${count('en', n, 'change')}`,
  filedTitle: (n: number) => `Notes filed: ${count('en', n, 'change')}`,
}

export type ReportWords = typeof en

/** The built-in routines' words in French. */
const fr: ReportWords = {
  brokenTitle: (page) => `Lien cassé dans ${page}`,
  brokenDetail: (page, link, suggestion) =>
    `${code(page)} pointe vers ${code(link)}, qui n’existe pas.${suggestion ? ` Vouliez-vous dire ${code(suggestion)} ?` : ''}`,
  duplicateTitle: (a, b) => `Pages presque identiques : ${a} et ${b}`,
  duplicateDetail: (a, b, score) =>
    `${code(a)} et ${code(b)} disent presque la même chose (similarité ${score.toFixed(2).replace('.', ',')}) : fusionnez-les, ou précisez le rôle de chacune.`,
  clashTitle: (a, b) => `Contradiction entre ${a} et ${b}`,
  clashDetail: (a, sa, b, sb, fa, fb) =>
    `${code(a)} dit « ${sa} » mais ${code(b)} dit « ${sb} » (${fa} / ${fb}).`,
  orphanTitle: (path) => `Page orpheline : ${path}`,
  orphanDetail: (path) =>
    `Aucune page ne pointe vers ${code(path)} : ajoutez un lien là où on la chercherait, ou supprimez-la.`,
  dueTitle: (path) => `Relecture due : ${path}`,
  dueDetail: (path, due, owner) =>
    `${code(path)} était à relire le ${due}${owner ? ` (responsable : ${owner})` : ''}.`,
  sections: [
    'Liens cassés',
    'Pages presque identiques',
    'Chiffres ou dates contradictoires',
    'Pages orphelines',
    'Pages à relire',
  ],
  counts: (broken, duplicates, clashes, orphans, due) => [
    count('fr', broken, 'lien cassé', 'liens cassés'),
    count('fr', duplicates, 'paire presque identique', 'paires presque identiques'),
    count('fr', clashes, 'contradiction'),
    count('fr', orphans, 'page orpheline', 'pages orphelines'),
    count('fr', due, 'page à relire', 'pages à relire'),
  ],
  noProblem: (pages) => `Aucun problème trouvé dans ${count('fr', pages, 'page')}.`,
  problems: (found, pages, counts) =>
    `${count('fr', found, 'problème trouvé', 'problèmes trouvés')} dans ${count('fr', pages, 'page')} : ${counts.join(', ')}.`,
  none: 'Aucun.',
  noChange: (from, to) => `Aucun changement du ${from} au ${to}.`,
  changes: (from, to, c, people) =>
    `Du ${from} au ${to} : ${count('fr', c.created, 'page créée', 'pages créées')}, ${count('fr', c.updated, 'modifiée', 'modifiées')}, ${count('fr', c.moved, 'déplacée', 'déplacées')}, ${count('fr', c.deleted, 'supprimée', 'supprimées')}, ${count('fr', c.filed, 'note classée', 'notes classées')}, par ${people.join(', ')}.`,
  topLevel: '(racine)',
  notesFiled: 'Notes classées',
  moved: (from, to) => `Déplacement de ${code(from)} vers ${code(to)}`,
  filed: (note) => `Classement de la note ${code(note)}`,
  created: (path) => `Création de ${code(path)}`,
  updated: (path) => `Modification de ${code(path)}`,
  updatedTimes: (path, times) => `Modification de ${code(path)} (${times} fois)`,
  deleted: (path) => `Suppression de ${code(path)}`,
  byOn: (by, day) => `, par ${by} (${day})`,
  folderTitle: (folder, n) => `Changements dans ${folder} : ${count('fr', n, 'changement')}`,
  filedTitle: (n) => `Notes classées : ${count('fr', n, 'changement')}`,
}

/** The words of a built-in report in a language. */
export function reportWords(language: Language): ReportWords {
  return language === 'fr' ? fr : en
}

/** Pages read to tell a space's language, and characters of each. */
const SAMPLE_PAGES = 20
const SAMPLE_CHARS = 2_000

export type SpaceLanguageDeps = RequestIndexDeps & Pick<Deps, 'store' | 'textIndex'>

/**
 * The language a space's pages are written in, English or French, from a sample of them: the
 * built-in routines write their reports and findings in it. English when the pages do not tell.
 * The space's index is brought up to date first (a space written to just before is read as it is).
 */
export async function spaceLanguage(deps: SpaceLanguageDeps, space: Space, ownPage = ''): Promise<Language> {
  await requestIndex(deps, space)
  const files = await deps.store.index.forSpace(space.id).files()
  // Not the routine's own report: one in the wrong language would pull the guess its way.
  const pages = files.filter((f) => f.kind === 'markdown' && f.path !== ownPage).slice(0, SAMPLE_PAGES)
  const texts = await Promise.all(
    pages.map(async (f) =>
      ((await deps.textIndex.forSpace(space.id).text(f.path)) ?? '').slice(0, SAMPLE_CHARS),
    ),
  )
  return guessLanguage(texts.join('\n')) ?? 'en'
}
