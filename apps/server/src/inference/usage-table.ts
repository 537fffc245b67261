/** One gateway call that reached a backend. */
export interface InferenceUsageTable {
  id: string;
  /** ISO time the call started. */
  created_at: string;
  user_name: string;
  /** The org named by X-HF-Bill-To, or null when the user pays. */
  bill_to: string | null;
  /** Hub model id as the hub spells it. */
  model: string;
  backend: string;
  /** "chat/completions" or "completions". */
  route: string;
  streamed: number;
  prompt_tokens: number;
  completion_tokens: number;
  duration_ms: number;
  /** HTTP status of the outcome: 200, the backend's 4xx, 502, 504, or 499 when the client went away. */
  status: number;
}

export type InferenceTables = {
  inference_usage: InferenceUsageTable;
};
