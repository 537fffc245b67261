/** A command line the CLI cannot run as given (exit code 2, with the message). */
export class UsageError extends Error {}
