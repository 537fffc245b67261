/**
 * Bulk writes (file bodies) take turns with everything else on the event loop: at most
 * `BULK_CHUNKS_PER_TURN` chunks are written per loop iteration, the rest wait for the next one. Small
 * requests and database answers that arrive meanwhile are handled in between, instead of queueing
 * behind every download's next megabyte. Idle, a turn takes microseconds, so downloads alone lose
 * little; under load, the more other work a turn holds, the fewer bulk chunks go per second.
 */
export const BULK_CHUNKS_PER_TURN = 4;

let granted = 0;
let resetPending = false;
const waiting: (() => void)[] = [];

function nextTurn(): void {
  resetPending = false;
  granted = 0;
  while (granted < BULK_CHUNKS_PER_TURN && waiting.length > 0) {
    granted++;
    waiting.shift()!();
  }
  scheduleNextTurn();
}

function scheduleNextTurn(): void {
  if (resetPending || (granted === 0 && waiting.length === 0)) return;
  resetPending = true;
  setImmediate(nextTurn);
}

/** Resolves when this loop iteration still has room for one more bulk chunk, else in a later one. */
export function bulkTurn(): Promise<void> | undefined {
  if (granted < BULK_CHUNKS_PER_TURN && waiting.length === 0) {
    granted++;
    scheduleNextTurn();
    return undefined;
  }
  const turn = new Promise<void>((resolve) => waiting.push(resolve));
  scheduleNextTurn();
  return turn;
}
