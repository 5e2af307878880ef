import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '../../shared/messages.js';
import { Button } from '../components/ui/button.js';
import * as shellCopy from '../copy/shell.js';

interface State {
  failed: boolean;
}

/**
 * Last line of defence: a render error anywhere below shows a French message and a way back instead of
 * an empty page. Going back reloads the home page (no hash), so whatever state led here is left behind.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(shellCopy.errorBoundaryPredi974ErreurDAffichage, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-bold text-slate-900 dark:text-slate-100">{MESSAGES.genericError}</h1>
        <p className="text-slate-700 dark:text-slate-300">{shellCopy.errorBoundaryLaPageNA}</p>
        <Button onClick={() => window.location.assign(`${window.location.pathname}${window.location.search}`)}>
          {shellCopy.errorBoundaryRevenirALAccueil}
        </Button>
      </main>
    );
  }
}
