/**
 * An error boundary around each view: if a view throws while rendering, the page shows
 * what went wrong and a way back — "Reset to the default scenario" forgets the view's saved
 * scenario and opens the view afresh — instead of going blank. The rest of the shell (header,
 * navigation) stays usable.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** The view's name, for the message ("the Lab"). */
  name: string;
  /** Forget the view's saved state and open it without link parameters. */
  onReset(): void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ViewBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`LossLab: ${this.props.name} stopped`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="gate" role="alert" aria-labelledby="boundary-title">
        <h2 id="boundary-title">{this.props.name} stopped with an error</h2>
        <p>Something in this view could not be shown: {error.message.slice(0, 300)}</p>
        <p>Your other views are unaffected. Reset opens this view with the default scenario.</p>
        <div className="gate-actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              this.props.onReset();
              this.setState({ error: null });
            }}
          >
            Reset to the default scenario
          </button>
        </div>
      </section>
    );
  }
}
