/** A request the embedded backend cannot take as written: a 400 with this message. */
export class BadGenerationRequest extends Error {}
