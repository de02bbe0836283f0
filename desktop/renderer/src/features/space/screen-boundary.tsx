import { Component, type ReactNode } from 'react'

type Props = {
  /** What the boundary says instead of a screen that failed. */
  fallback: ReactNode
  /** The screen's address: when it changes, the boundary tries again. */
  resetKey: string
  children: ReactNode
}

type State = { hasFailed: boolean; key: string }

/**
 * Keeps one screen's failure to itself: a page whose content breaks the rendering shows `fallback`,
 * while the space's navigation and tree around it keep working; going to another page tries again.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false, key: this.props.resetKey }

  /** A failure below shows the fallback until the address changes. */
  static getDerivedStateFromError(): Partial<State> {
    return { hasFailed: true }
  }

  /** Another address is another screen: render it afresh. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { hasFailed: false, key: props.resetKey }
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children
  }
}
