import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Awareness } from 'y-protocols/awareness'
import { colorIndex, LIVE_COLORS } from './live-cursors.ts'

/** Someone in the page, as their editor announces them (the server vouches for the name). */
export type Person = { key: string; name: string; color: string; isSelf: boolean }

/**
 * The people an awareness knows of, each once (a person with two tabs open is one person), this
 * person first, then the others by name.
 */
export function peopleOf(awareness: Pick<Awareness, 'clientID' | 'getStates'>): Person[] {
  const people = new Map<string, Person>()
  for (const [client, state] of awareness.getStates()) {
    const user = (state.user ?? {}) as { name?: unknown; username?: unknown; color?: unknown }
    if (typeof user.name !== 'string' || user.name === '') continue
    const key = typeof user.username === 'string' && user.username ? user.username : `client-${client}`
    const isSelf = client === awareness.clientID
    const known = people.get(key)
    if (known && !isSelf) continue
    people.set(key, {
      key,
      name: user.name,
      color: LIVE_COLORS[colorIndex(user.color)] as string,
      isSelf: isSelf || (known?.isSelf ?? false),
    })
  }
  return [...people.values()].sort(
    (a, b) => Number(b.isSelf) - Number(a.isSelf) || a.name.localeCompare(b.name),
  )
}

/** Follows who is in the page. */
function usePeople(awareness: Awareness): Person[] {
  const [people, setPeople] = useState(() => peopleOf(awareness))
  useEffect(() => {
    const onChange = () => setPeople(peopleOf(awareness))
    onChange()
    awareness.on('change', onChange)
    return () => awareness.off('change', onChange)
  }, [awareness])
  return people
}

/** The names of the people in the page, each with the colour of their cursor in the text. */
export function PeopleInPage({ awareness }: { awareness: Awareness }) {
  const { t } = useTranslation()
  const people = usePeople(awareness)
  return (
    <ul className="people-in-page" aria-label={t('editor.peopleInPage')}>
      {people.map((person) => (
        <li key={person.key}>
          <span className="person-color" style={{ backgroundColor: person.color }} aria-hidden="true" />
          {person.isSelf ? t('editor.youAre', { name: person.name }) : person.name}
        </li>
      ))}
    </ul>
  )
}
