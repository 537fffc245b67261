/** Code snippets of a model (`GET /api/models/{id}/snippets`). */

/** One generated inference snippet (CONTRACT `getInferenceSnippets` item). */
export interface InferenceSnippet {
  language: string;
  client: string;
  content: string;
}

export interface LibrarySnippets {
  library: string;
  label: string;
  snippets: string[];
}

export interface SnippetSet {
  model: string;
  provider: string;
  providers: string[];
  /** False when no inference provider serves the model (then `inference` is empty, as on the Hub). */
  deployed: boolean;
  inference: InferenceSnippet[];
  libraries: LibrarySnippets[];
  /** Set when the hub is not huggingface.co: where library clients must point (`HF_ENDPOINT`). */
  hubUrl?: string;
}
