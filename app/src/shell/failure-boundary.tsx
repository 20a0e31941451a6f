import { Component, type ReactNode } from 'react';

interface FailureBoundaryProps {
  /** Told what was thrown (a chunk that did not arrive, a screen that failed to draw). */
  onError: (error: unknown) => void;
  /** What stands in for the children once they failed; `retry` draws them again. */
  fallback: ReactNode | ((retry: () => void) => ReactNode);
  /** The children are drawn again when this changes (the route's path, say). */
  resetKey?: unknown;
  children: ReactNode;
}

interface FailureBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Catches what its children throw while drawing, so one failed part (a chunk lost to a dropped
 * network, above all) takes its own place down rather than the whole app: React unmounts the
 * entire root when nothing catches.
 */
export class FailureBoundary extends Component<FailureBoundaryProps, FailureBoundaryState> {
  override state: FailureBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<FailureBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: FailureBoundaryProps,
    state: FailureBoundaryState,
  ): Partial<FailureBoundaryState> | null {
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.retry) : fallback;
  }
}
