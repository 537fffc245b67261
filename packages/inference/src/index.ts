export const INFERENCE_PROVIDERS: readonly string[] = [];
