/** Every failed hub call surfaces as this one error; components decide how to show it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** `X-Error-Code` from the hub (`RepoNotFound`, `EntryNotFound`, …). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get isNotFound(): boolean {
    return this.status === 404 || this.code === "RepoNotFound" || this.code === "EntryNotFound";
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.isNotFound;
}
