import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SpaceQueue } from '../../ports/space-queue.ts'

/** A fresh queue, and how to let go of what it holds once the test is over. */
export type QueueFixture = { queue: SpaceQueue; close?: () => Promise<void> | void }

/** A promise the test settles by hand: a task waits on it for as long as the test needs it running. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/**
 * The contract of the SpaceQueue port: one space's tasks run one at a time in the order queued,
 * other spaces' meanwhile; a failure is its own task's alone; `idle` waits for everything queued;
 * `close` drops what has not started and waits for what has.
 */
export function describeSpaceQueueContract(name: string, makeQueue: () => Promise<QueueFixture>): void {
  describe(`${name}: space queue`, () => {
    let fixture: QueueFixture | undefined
    beforeEach(async () => {
      fixture = await makeQueue()
    })
    afterEach(async () => {
      await fixture?.queue.close()
      await fixture?.close?.()
      fixture = undefined
    })
    const queue = () => fixture!.queue

    it('runs one space’s tasks one at a time, in the order queued, each answering with its value', async () => {
      const log: string[] = []
      const first = gate()
      const task = (n: number, wait?: Promise<void>) => async () => {
        log.push(`start ${n}`)
        await wait
        log.push(`end ${n}`)
        return n
      }
      const runs = [queue().run(1, task(1, first.opened)), queue().run(1, task(2)), queue().run(1, task(3))]
      first.open()
      expect(await Promise.all(runs)).toEqual([1, 2, 3])
      expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3'])
    })

    it('runs another space’s task while one space’s task is still running', async () => {
      const held = gate()
      const started = gate()
      const long = queue().run(1, async () => {
        started.open()
        await held.opened
        return 'space 1'
      })
      await started.opened
      // Were the spaces run one after the other, this task would wait for the held one forever.
      expect(await queue().run(2, async () => 'space 2')).toBe('space 2')
      held.open()
      expect(await long).toBe('space 1')
    })

    it('rejects a failed task’s own promise only, and runs the next task of its space', async () => {
      const failed = queue().run(1, async () => {
        throw new Error('the task broke')
      })
      const next = queue().run(1, async () => 'next')
      await expect(failed).rejects.toThrow('the task broke')
      expect(await next).toBe('next')
    })

    it('is idle once every task queued so far has finished', async () => {
      await queue().idle()
      const done: number[] = []
      const held = gate()
      const runs = [
        queue().run(1, async () => {
          await held.opened
          done.push(1)
        }),
        queue().run(1, async () => {
          done.push(2)
        }),
        queue().run(2, async () => {
          done.push(3)
        }),
      ]
      const idle = queue().idle()
      held.open()
      await idle
      expect(done.sort()).toEqual([1, 2, 3])
      await Promise.all(runs)
    })

    it('on close, drops the tasks not started, waits for the running one, and refuses new ones', async () => {
      const held = gate()
      const started = gate()
      const ran: string[] = []
      let sawClosing: boolean | undefined
      const running = queue().run(1, async () => {
        started.open()
        await held.opened
        sawClosing = queue().closing
        ran.push('running')
        return 'finished'
      })
      // Its outcome is taken at once: the drop happens while the test waits for the close.
      const waiting = queue()
        .run(1, async () => {
          ran.push('waiting')
        })
        .then(
          () => 'ran',
          () => 'dropped',
        )
      await started.opened
      expect(queue().closing).toBe(false)

      const closed = queue().close()
      expect(queue().closing).toBe(true)
      held.open()
      await closed
      expect(await running).toBe('finished')
      expect(sawClosing).toBe(true)
      expect(await waiting).toBe('dropped')
      await expect(queue().run(2, async () => ran.push('late'))).rejects.toThrow()
      expect(ran).toEqual(['running'])
    })
  })
}
