import type { Socket } from 'node:net';
import { setUserTimeout } from 'net-keepalive';

/**
 * Long enough for a phone's radio to come back from a short fade, short enough that a thousand readers
 * that never read hold a few seconds of updates each rather than megabytes of kernel buffers.
 */
export const DEFAULT_STALL_TIMEOUT_MS = 5_000;

/**
 * Asks the kernel to close `socket` once data it holds for it has waited `ms` without being taken by the
 * reader (TCP_USER_TIMEOUT: unacknowledged, or unsent behind a zero window). A reader that stops reading
 * then costs at most `ms` of kernel send buffer, with no timer or sampling in the process; the connection
 * fails with ETIMEDOUT and its buffers are freed at once. Linux only: elsewhere (or if the call fails)
 * this answers false and the hub's own drain watch is the only guard.
 */
export function limitUnsentTime(socket: Socket, ms: number): boolean {
  try {
    return setUserTimeout(socket, ms);
  } catch {
    return false;
  }
}

/**
 * Drops a connection without sending what it still holds: a plain close would leave the unsent bytes in
 * the kernel, retried for minutes, which is the memory this guard exists to free.
 */
export function dropConnection(socket: Socket | null, fallback: () => void): void {
  if (socket && !socket.destroyed && typeof socket.resetAndDestroy === 'function') {
    try {
      socket.resetAndDestroy();
      return;
    } catch {
      // Not a TCP socket (a test double or a pipe): an ordinary destroy.
    }
  }
  fallback();
}
