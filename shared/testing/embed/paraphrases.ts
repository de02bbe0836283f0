/**
 * Pairs of sentences saying the same thing in different words, each pair on its own everyday or work
 * topic. Few words are shared within a pair, so matching them takes meaning, not word overlap.
 */
export const PARAPHRASES: readonly (readonly [string, string])[] = [
  ['How do I reset my password?', 'I forgot my login credentials and need new ones.'],
  [
    'The meeting has been moved to Thursday afternoon.',
    'We rescheduled the call for later this week, after lunch.',
  ],
  ['The printer on the third floor is out of paper.', 'There are no sheets left in the copier upstairs.'],
  ['Can I work from home on Fridays?', 'Is remote work allowed at the end of the week?'],
  ['The website is loading very slowly today.', 'Our web pages take ages to open this morning.'],
  [
    'Please submit your expense reports by the end of the month.',
    'Receipts for reimbursement are due before the month closes.',
  ],
  ['I would like to book a table for two tonight.', 'Could we reserve dinner for a couple this evening?'],
  ['The flight was delayed because of bad weather.', 'Storms kept our plane on the ground for hours.'],
  ['My laptop battery drains too quickly.', 'The notebook computer runs out of charge in no time.'],
  ['What time does the pharmacy close?', 'Until when is the drugstore open?'],
  ['The kitchen sink is leaking.', 'Water is dripping from the pipe under the basin.'],
  ['We need to hire two more software engineers.', 'The team must recruit additional developers.'],
  ['The customer asked for a refund.', 'A buyer wants their money back.'],
  ['It is going to rain all weekend.', 'Expect wet weather on Saturday and Sunday.'],
  ['The quarterly sales figures exceeded expectations.', 'Revenue this quarter was better than forecast.'],
  ["Don't forget to water the plants while I'm away.", 'Please keep the garden hydrated during my trip.'],
  [
    'The train to the airport leaves every fifteen minutes.',
    'Rail service to the terminal runs four times an hour.',
  ],
  ['My dog needs to go to the vet for vaccinations.', 'The puppy is due for its shots at the animal clinic.'],
  ['The server ran out of disk space overnight.', "The machine's storage filled up during the night."],
  ["I'm allergic to peanuts.", 'Nuts give me a severe reaction.'],
  ['The contract must be signed by both parties.', 'Each side has to put their signature on the agreement.'],
  ['Turn off the lights when you leave the office.', 'Switch off the lamps as you exit the workplace.'],
  ['The movie was boring and far too long.', 'The film dragged on and I nearly fell asleep.'],
  ['Add milk and eggs to the shopping list.', 'We need to buy dairy and eggs at the grocery store.'],
  ['The bug only happens on mobile phones.', 'The defect appears exclusively on smartphones.'],
  ['The baby has been crying all night.', "Our infant wouldn't stop wailing until morning."],
  ['How much does shipping to Canada cost?', 'What is the delivery fee for orders sent to Canada?'],
  ['The elevator is broken again.', 'The lift is out of order once more.'],
  [
    "Please speak more slowly, I can't understand you.",
    "Could you talk at a slower pace? I'm not following.",
  ],
  ['The car makes a strange noise when I brake.', 'There is an odd sound whenever I slow the vehicle down.'],
]

/**
 * Harder pairs, each near the topic of one above (a locked account beside a forgotten password, a
 * cancelled flight beside a delayed one): added to the set, a vague sense of topic is no longer enough.
 */
export const NEAR_TOPIC_PARAPHRASES: readonly (readonly [string, string])[] = [
  [
    'My account is locked after too many login attempts.',
    'I typed the wrong passcode repeatedly and now I am blocked.',
  ],
  ['The printer keeps jamming.', 'Paper gets stuck in the copier every time I print something.'],
  ['The flight was cancelled.', 'Our plane will not take off at all today.'],
  ['The server crashed after the update.', 'The machine went down once the new version was installed.'],
  ['The cat refuses to eat its food.', 'My kitten is ignoring its meals.'],
  ['Sales dropped sharply last month.', 'Revenue fell a lot in the previous month.'],
]

/**
 * The share of sentences whose nearest other sentence (by cosine similarity of their vectors) is their
 * pair. `vectors` holds the pairs flattened in order: pair i is at 2i and 2i + 1.
 */
export function pairedNeighbourRate(vectors: ArrayLike<number>[], similarity: Similarity): number {
  let hits = 0
  vectors.forEach((vector, i) => {
    let best = -1
    let bestScore = Number.NEGATIVE_INFINITY
    vectors.forEach((other, j) => {
      if (j === i) return
      const score = similarity(vector, other)
      if (score > bestScore) {
        bestScore = score
        best = j
      }
    })
    if (best === (i ^ 1)) hits++
  })
  return hits / vectors.length
}

type Similarity = (a: ArrayLike<number>, b: ArrayLike<number>) => number

/** A bag-of-words baseline: lowercase words hashed into `dimensions` counts, no meaning at all. */
export function hashedWordVector(text: string, dimensions = 1024): Float32Array {
  const vector = new Float32Array(dimensions)
  for (const word of text.toLowerCase().match(/[a-z0-9']+/g) ?? []) {
    let hash = 2166136261
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619)
    const bucket = (hash >>> 0) % dimensions
    vector[bucket] = (vector[bucket] ?? 0) + 1
  }
  return vector
}
