import { describe, expect, it } from 'vitest'
import { type AskBox, askBeforeLeaving } from './leave-question.ts'

/** A window's contents that keeps its listener, and a box that answers `choice`. */
function setUp(choice: number, language: 'en' | 'fr' = 'en') {
  let listener: ((event: { preventDefault(): void }) => void) | undefined
  const asked: Parameters<AskBox>[0][] = []
  askBeforeLeaving({ on: (_event, fn) => (listener = fn) }, language, (options) => {
    asked.push(options)
    return choice
  })
  let isLetGo = false
  listener?.({ preventDefault: () => (isLetGo = true) })
  return { asked, isLetGo }
}

describe('leaving a window whose page has text not saved', () => {
  it('asks, and lets the window go only when the person chooses to leave', () => {
    const left = setUp(0)
    expect(left.isLetGo).toBe(true)
    expect(left.asked[0]).toMatchObject({
      title: 'Leave Quire?',
      message: 'What you typed on this page is not saved yet.',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
    })
    expect(setUp(1).isLetGo).toBe(false)
  })

  it('asks in French in a French app', () => {
    expect(setUp(1, 'fr').asked[0]?.buttons).toEqual(['Partir', 'Rester'])
  })
})
