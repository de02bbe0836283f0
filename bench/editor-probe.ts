/**
 * The editor bench's probe, run in each page before the app (bench/web-editor.ts drives it): opens the
 * editor and times the first character typed, and times each keystroke in a long page.
 */

/**
 * How long a keystroke took. Laid out: its change written to the editor's DOM and laid out. Handled:
 * that, plus the frame and the tasks it queued, without the idle wait for the display's next tick.
 * Shown: the frame that draws it rendered, that wait included.
 */
export type KeystrokeTiming = { laidOut: number; handled: number; shown: number }

/** What the init script below leaves in each page, for the bench to drive. */
export type EditorProbe = {
  /** Clicks `anchor` (`Edit`) and waits for the editor's text field, then focuses it. */
  openEditor(anchor: HTMLElement, label: string): Promise<void>
  /** Milliseconds from the click to the first character typed landing in the document. */
  landed: Promise<number>
  /** Resolves once the document changed `count` times since the editor opened. */
  changes(count: number): Promise<void>
  /** Puts the cursor at the end of a paragraph in the middle of the page and times each keystroke. */
  watchKeystrokes(label: string): void
  /** The timing of the `count`-th keystroke since `watchKeystrokes`, once known. */
  keystroke(count: number): Promise<KeystrokeTiming>
}

declare global {
  interface Window {
    benchProbe: EditorProbe
  }
}

/**
 * The probe, run in the page before the app (Playwright serializes it: it uses nothing from outside).
 * CodeMirror's view is reached through the `cmTile` its DOM carries (what `EditorView.findFromDOM`
 * reads), and its `update` is wrapped: the moment a change is written to the editor's DOM is known
 * exactly, with no change to the app.
 */
export function editorProbes(): void {
  type View = {
    update(transactions: { docChanged: boolean }[]): void
    dispatch(spec: object): void
    state: { doc: { lines: number; line(n: number): { text: string; to: number } } }
  }
  type Editor = { content: HTMLElement; view: View }

  const findEditor = (label: string): Editor | null => {
    for (const host of document.querySelectorAll('main div')) {
      const content = host.shadowRoot?.querySelector<HTMLElement>('.cm-content')
      if (content?.getAttribute('aria-label') !== label || content.contentEditable !== 'true') continue
      const view = (content as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view
      if (view) return { content, view }
    }
    return null
  }

  /** Calls `then` after each change CodeMirror writes to the editor's DOM. */
  const afterEachChange = (view: View, then: () => void) => {
    const update = view.update.bind(view)
    view.update = (transactions) => {
      update(transactions)
      if (transactions.some((transaction) => transaction.docChanged)) then()
    }
  }

  /** Runs `then` once the frame being drawn has been rendered: called from its animation callbacks. */
  const afterFrame = (then: () => void) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => then()
    channel.port2.postMessage(null)
  }
  /** Runs `then` once the next frame has been rendered. */
  const afterNextFrame = (then: () => void) => requestAnimationFrame(() => afterFrame(then))

  /** A key pressed: its event's time, and when the main thread began the next frame. */
  type Key = { at: number; frameAt?: number }

  /**
   * A keystroke's figures from its key event's time (so a busy main thread's delay counts). Laid out:
   * at the end of CodeMirror's update, the change laid out. Handled: once a message posted then has
   * run, so after the tasks the update queued (React's renders) and, as Chromium draws a frame before
   * tasks after an input, after that frame too; the main thread's idle wait between the change laid
   * out and the frame's start (the display's tick) is taken out, the frame's own work stays in.
   * Shown: the next frame rendered, with that wait.
   */
  const timeKeystroke = (key: Key, content: HTMLElement, done: (timing: KeystrokeTiming) => void) => {
    content.getBoundingClientRect()
    const laidOutAt = performance.now()
    const timing = { laidOut: laidOutAt - key.at, handled: 0, shown: 0 }
    let pending = 2
    const finish = () => --pending === 0 && done(timing)
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      content.getBoundingClientRect()
      const ranAt = performance.now()
      const { frameAt } = key
      const wait = frameAt !== undefined && frameAt < ranAt ? Math.max(0, frameAt - laidOutAt) : 0
      timing.handled = ranAt - key.at - wait
      finish()
    }
    channel.port2.postMessage(null)
    afterNextFrame(() => {
      timing.shown = performance.now() - key.at
      finish()
    })
  }

  let changeCount = 0
  const changeWaiters: [number, () => void][] = []
  const keystrokes: KeystrokeTiming[] = []
  const keystrokeWaiters: [number, (timing: KeystrokeTiming) => void][] = []
  const settle = () => {
    for (const [count, resolve] of changeWaiters) if (changeCount >= count) resolve()
    for (const [count, resolve] of keystrokeWaiters) {
      const timing = keystrokes[count - 1]
      if (timing) resolve(timing)
    }
  }

  const probe: EditorProbe = {
    landed: new Promise(() => {}),
    openEditor(anchor, label) {
      const started = performance.now()
      let land: (ms: number) => void = () => {}
      probe.landed = new Promise((resolve) => {
        land = resolve
      })
      anchor.click()
      return new Promise((ready) => {
        const poll = () => {
          const editor = findEditor(label)
          if (!editor) return void requestAnimationFrame(poll)
          afterEachChange(editor.view, () => {
            changeCount++
            if (changeCount === 1) afterNextFrame(() => land(performance.now() - started))
            settle()
          })
          editor.content.focus()
          ready()
        }
        requestAnimationFrame(poll)
      })
    },
    changes: (count) =>
      new Promise((resolve) => {
        changeWaiters.push([count, resolve])
        settle()
      }),
    watchKeystrokes(label) {
      const editor = findEditor(label)
      if (!editor) throw new Error(`no editor named ${label}`)
      const { content, view } = editor
      const doc = view.state.doc
      let line = Math.floor(doc.lines / 2)
      while (line < doc.lines && !/^[A-Z][a-z]+ /.test(doc.line(line).text)) line++
      view.dispatch({ selection: { anchor: doc.line(line).to }, scrollIntoView: true })
      content.focus()
      let pressed: Key | undefined
      window.addEventListener(
        'keydown',
        (event) => {
          const key: Key = { at: event.timeStamp }
          // Asked before the editor asks for its own: the first animation callback of the next frame.
          requestAnimationFrame(() => (key.frameAt = performance.now()))
          pressed = key
        },
        { capture: true },
      )
      afterEachChange(view, () => {
        if (pressed === undefined) return
        const key = pressed
        pressed = undefined
        timeKeystroke(key, content, (timing) => {
          keystrokes.push(timing)
          settle()
        })
      })
    },
    keystroke: (count) =>
      new Promise((resolve) => {
        keystrokeWaiters.push([count, resolve])
        settle()
      }),
  }
  window.benchProbe = probe
}
