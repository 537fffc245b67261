interface Console {
  error(...data: unknown[]): void;
}

/** Reports a problem on the host's console (the package itself targets no particular runtime). */
export function logError(message: string): void {
  (globalThis as { console?: Console }).console?.error(message);
}
