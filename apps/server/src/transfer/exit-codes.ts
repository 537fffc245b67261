/**
 * Exit codes of `modelhub upload` / `modelhub download`, stable so scripts can branch on them.
 *
 * | code | meaning                                                              |
 * |------|----------------------------------------------------------------------|
 * | 0    | everything transferred (or was already complete and verified)        |
 * | 1    | usage error: bad arguments, missing local path, unsafe paths         |
 * | 2    | not found or not allowed: repo, revision or file missing; bad token  |
 * | 3    | network or server error: hub unreachable, 5xx, rejected request      |
 * | 4    | verification failure: downloaded bytes do not match their hash       |
 * | 130  | interrupted (Ctrl-C); a re-run resumes                               |
 */
export const EXIT = {
  ok: 0,
  usage: 1,
  notFound: 2,
  network: 3,
  verification: 4,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error that already knows which exit code and message the user should see. */
export class TransferError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new TransferError(EXIT.usage, message);

/** Maps anything thrown during a transfer to an exit code and a one-line message. */
export function classifyError(error: unknown, signal?: AbortSignal): { code: ExitCode; message: string } {
  if (error instanceof TransferError) return { code: error.exitCode, message: error.message };
  if (signal?.aborted || (error instanceof Error && error.name === "AbortError"))
    return { code: EXIT.interrupted, message: "interrupted; run the same command again to resume" };
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const errno =
    (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException | undefined)?.code;
  if (errno === "ENOSPC") return { code: EXIT.network, message: "no space left on the local disk" };
  if (errno === "EACCES" || errno === "EPERM")
    return { code: EXIT.usage, message: `permission denied: ${(error as Error).message}` };
  const text =
    error instanceof Error ? (cause ? `${error.message}: ${cause.message}` : error.message) : String(error);
  return { code: EXIT.network, message: text };
}
