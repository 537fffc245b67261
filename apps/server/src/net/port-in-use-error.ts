/** The hub could not listen on its port (taken, or not allowed). */
export class PortInUseError extends Error {}
