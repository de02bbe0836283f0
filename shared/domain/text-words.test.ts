import { describe, expect, it } from 'vitest'
import {
  containsAllWords,
  detectLanguage,
  foldText,
  guessLanguage,
  isStopword,
  stem,
  words,
} from './text-words.ts'

describe('foldText', () => {
  it('lowercases and removes accents', () => {
    expect(foldText('Équipe À Noël, ÇA VA')).toBe('equipe a noel, ca va')
  })

  it('spells out ligatures and the sharp s', () => {
    expect(foldText('Œuvre, cœur, ex æquo, Straße')).toBe('oeuvre, coeur, ex aequo, strasse')
  })

  it('turns every kind of apostrophe into a space', () => {
    expect(foldText("l'équipe")).toBe('l equipe')
    expect(foldText('aujourd’hui')).toBe('aujourd hui')
    expect(foldText('don`t')).toBe('don t')
  })
})

describe('words', () => {
  it('splits on anything but letters and digits and drops one-character words', () => {
    expect(words("L'équipe a déployé api-gateway v2.1 à 9h")).toEqual([
      'equipe',
      'deploye',
      'api',
      'gateway',
      'v2',
      '9h',
    ])
  })

  it('keeps letters of any script', () => {
    expect(words('Παράδειγμα данные')).toEqual(['παραδειγμα', 'данные'])
  })

  it('has no words in punctuation only', () => {
    expect(words(' -- ... !! ')).toEqual([])
  })
})

describe('containsAllWords', () => {
  const note = 'Nouveau numéro du plombier : M. Dubois, 06 98 76 54 32'

  it('matches without regard to case or accents', () => {
    expect(containsAllWords(note, 'PLOMBIER numero')).toBe(true)
    expect(containsAllWords('Réunion équipe', 'reunion EQUIPE')).toBe(true)
  })

  it('needs every word of the query', () => {
    expect(containsAllWords(note, 'plombier électricien')).toBe(false)
  })

  it('matches the start of a word from three characters, for search as you type', () => {
    expect(containsAllWords(note, 'plomb')).toBe(true)
    expect(containsAllWords(note, 'num dub')).toBe(true)
    expect(containsAllWords('backups', 'back')).toBe(true)
  })

  it('matches shorter query words only whole', () => {
    expect(containsAllWords('nouveau numéro', 'no')).toBe(false)
    expect(containsAllWords('on call', 'on')).toBe(true)
  })

  it('does not match inside a word', () => {
    expect(containsAllWords('backups', 'ups')).toBe(false)
  })

  it('matches everything when the query has no words', () => {
    expect(containsAllWords('anything', '')).toBe(true)
    expect(containsAllWords('anything', ' - ')).toBe(true)
  })

  it('handles apostrophes on both sides', () => {
    expect(containsAllWords("Réunion de l'équipe", 'equipe')).toBe(true)
    expect(containsAllWords('Réunion de l’équipe', "l'équipe")).toBe(true)
  })
})

describe('stem', () => {
  it.each([
    ['backups', 'backup'],
    ['restoring', 'restor'],
    ['restored', 'restor'],
    ['restore', 'restor'],
    ['deployments', 'deploy'],
    ['policies', 'policy'],
    ['processes', 'process'],
    ['caches', 'cach'],
    ['running', 'run'],
    ['stopped', 'stop'],
    ['weekly', 'week'],
    ['status', 'status'],
    ['analysis', 'analysis'],
  ])('English %s → %s', (word, expected) => {
    expect(stem(word, 'en')).toBe(expected)
  })

  it('brings English forms of one word together', () => {
    const forms = ['deploy', 'deploys', 'deployed', 'deploying', 'deployment'].map((w) => stem(w, 'en'))
    expect(new Set(forms).size).toBe(1)
  })

  it('leaves short English words and words that only look inflected alone', () => {
    for (const word of ['bus', 'gas', 'need', 'speed', 'thing', 'string', 'only']) {
      expect(stem(word, 'en')).toBe(word)
    }
  })

  it.each([
    ['impots', 'impot'],
    ['recettes', 'recett'],
    ['bureaux', 'bureau'],
    ['remboursements', 'rembours'],
    ['remboursement', 'rembours'],
    ['vaccination', 'vaccin'],
    ['vaccins', 'vaccin'],
    ['heureuse', 'heur'],
    ['heureux', 'heur'],
  ])('French %s → %s', (word, expected) => {
    expect(stem(word, 'fr')).toBe(expected)
  })

  it('brings French gender and number together', () => {
    const forms = ['assure', 'assuree', 'assures', 'assurees'].map((w) => stem(w, 'fr'))
    expect(new Set(forms).size).toBe(1)
  })

  it('leaves short French words alone', () => {
    for (const word of ['gaz', 'prix', 'deux', 'mois']) expect(stem(word, 'fr')).toBe(word)
  })

  it('ends plurals the same way in both languages, so borrowed words still meet', () => {
    expect(stem('services', 'fr')).toBe(stem('services', 'en'))
    expect(stem('backups', 'fr')).toBe(stem('backup', 'en'))
  })
})

describe('isStopword', () => {
  it('knows each language’s function words', () => {
    expect(isStopword('the', 'en')).toBe(true)
    expect(isStopword('les', 'fr')).toBe(true)
    expect(isStopword('les', 'en')).toBe(false)
    expect(isStopword('backup', 'en')).toBe(false)
  })

  it('checks both languages when none is given', () => {
    expect(isStopword('the')).toBe(true)
    expect(isStopword('avec')).toBe(true)
    expect(isStopword('chaudiere')).toBe(false)
  })

  it('counts the vague words of quick notes', () => {
    expect(isStopword('maybe', 'en')).toBe(true)
    expect(isStopword('tomorrow', 'en')).toBe(true)
    expect(isStopword('demain', 'fr')).toBe(true)
  })
})

describe('detectLanguage', () => {
  it('tells English from French', () => {
    expect(
      detectLanguage('The boiler needs servicing in March, call the plumber before the end of February.'),
    ).toBe('en')
    expect(
      detectLanguage('La chaudière doit être révisée en mars, appeler le chauffagiste avant la fin février.'),
    ).toBe('fr')
  })

  it('uses accents when stopwords do not decide', () => {
    expect(detectLanguage('Chaudière révisée')).toBe('fr')
  })

  it('falls back when nothing decides', () => {
    expect(detectLanguage('Appeler Sophie')).toBe('en')
    expect(detectLanguage('Appeler Sophie', 'fr')).toBe('fr')
    expect(detectLanguage('', 'fr')).toBe('fr')
  })
})

describe('guessLanguage', () => {
  it('gives what detectLanguage gives, and nothing when it would fall back', () => {
    expect(guessLanguage('Call the plumber before the end of February.')).toBe('en')
    expect(guessLanguage('Chaudière révisée')).toBe('fr')
    expect(guessLanguage('Appeler Sophie')).toBeUndefined()
    expect(guessLanguage('')).toBeUndefined()
  })
})
