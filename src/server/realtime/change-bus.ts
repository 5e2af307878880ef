/** What changed after a commit; listeners reload the current state themselves, so a change carries only ids. */
export type Change = { type: 'market'; id: string } | { type: 'municipal'; id: string } | { type: 'resync' };

export type ChangeListener = (change: Change) => void;

/**
 * Tells every interested part of every server instance that data changed: the market list cache and the
 * stream hub. Published only after the change is committed.
 */
export interface ChangeBus {
  publish(changes: readonly Change[]): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
  /** Whether changes from other instances can arrive right now (always, with a single process). */
  readonly connected: boolean;
}

/** One process: listeners are called in the same process (the embedded SQLite setup). */
export class LocalChangeBus implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>();
  readonly connected = true;

  publish(changes: readonly Change[]): Promise<void> {
    for (const change of changes) this.emit(change);
    return Promise.resolve();
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers a change to this process's listeners; a failing listener does not stop the others. */
  emit(change: Change): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // listeners log their own failures
      }
    }
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
