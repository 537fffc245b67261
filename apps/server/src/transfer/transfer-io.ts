/** Where a transfer command writes and what it reads from its surroundings. */
export interface TransferIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Draw progress bars (stderr is a terminal). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Stops the transfer; the partial state stays on disk so a re-run resumes. */
  signal?: AbortSignal;
  /** Called as bytes move (tests use it to interrupt a transfer at a known point). */
  onBytes?: (event: ByteEvent) => void;
  /** Working directory for relative paths (defaults to process.cwd()). */
  cwd?: string;
}

export interface ByteEvent {
  phase: "hash" | "upload" | "download";
  path: string;
  /** Bytes of this file done so far (including a resumed prefix). */
  done: number;
  total: number;
}
