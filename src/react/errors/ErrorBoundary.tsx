import { Component, type ErrorInfo, type ReactNode } from 'react';
import { normalizeErrorString } from '../../fhir';
import { MessagesContext } from '../locale/MessagesContext';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';

/** Every text the error panel shows. */
export interface ErrorBoundaryMessages {
  /** The panel's heading. Default 'Something went wrong'. */
  readonly title: string;
  /** The button that renders the children again. Default 'Try again'. */
  readonly tryAgain: string;
}

/** The default English texts. */
export const defaultErrorBoundaryMessages: ErrorBoundaryMessages = {
  title: 'Something went wrong',
  tryAgain: 'Try again',
};

/** The parts of the error panel, each given the class `fpk-${slot}`. */
export type ErrorBoundarySlot = 'error-panel' | 'error-panel-title' | 'error-panel-message' | 'error-panel-button';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  readonly children?: ReactNode;
  /** Clears the error when it changes; pass the location so navigating away recovers. */
  readonly resetKey?: unknown;
  /** Called with every error caught, after it is logged. */
  readonly onError?: (error: unknown, info: ErrorInfo) => void;
  /** Called when the user presses 'Try again' or the resetKey changes. */
  readonly onReset?: () => void;
  /** Replaces the default panel. */
  readonly fallback?: (props: { error: unknown; message: string; reset: () => void }) => ReactNode;
  /** Heading level of the panel's title, to fit the page's outline. Default 2. */
  readonly headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Replaces the panel's texts. */
  readonly messages?: Partial<ErrorBoundaryMessages>;
  /** Extra class on the panel. */
  readonly className?: string;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<ErrorBoundarySlot>;
}

interface ErrorBoundaryState {
  readonly error: unknown;
  readonly hasError: boolean;
  readonly resetKey: unknown;
}

/**
 * Catches render errors below it and shows 'Something went wrong' with the message and 'Try again'.
 * Unlike the other styled components it takes no `ref` or HTML attributes: while its children
 * render it has no element of its own to give them to. The panel takes `className`/`classNames`.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  // Reset during render, not in componentDidUpdate, so the stale panel is never painted.
  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState
  ): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { resetKey: props.resetKey, error: undefined, hasError: false };
  }

  override componentDidUpdate(prevProps: ErrorBoundaryProps, prevState: ErrorBoundaryState): void {
    if (prevState.hasError && !this.state.hasError && !Object.is(prevProps.resetKey, this.props.resetKey)) {
      this.props.onReset?.();
    }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('ErrorBoundary caught an error', error, info.componentStack);
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: undefined, hasError: false });
    this.props.onReset?.();
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    // A class reads the provider's texts through the context's consumer (no hooks here).
    return (
      <MessagesContext.Consumer>{(provided) => this.renderPanel(provided?.errorBoundary)}</MessagesContext.Consumer>
    );
  }

  private renderPanel(provided: Partial<ErrorBoundaryMessages> | undefined): ReactNode {
    const { fallback, headingLevel = 2, className, classNames } = this.props;
    const messages = { ...defaultErrorBoundaryMessages, ...provided, ...this.props.messages };
    const message = normalizeErrorString(this.state.error);
    if (fallback) return fallback({ error: this.state.error, message, reset: this.reset });
    const Heading = `h${headingLevel}` as const;
    const cls = (slot: ErrorBoundarySlot, extra?: string) => slotClassName(slot, classNames, extra);
    return (
      <div className={cls('error-panel', className)} role="alert">
        <Heading className={cls('error-panel-title')}>{messages.title}</Heading>
        <p className={cls('error-panel-message')}>{message}</p>
        <button type="button" className={cls('error-panel-button')} onClick={this.reset}>
          {messages.tryAgain}
        </button>
      </div>
    );
  }
}
