/** One repo of `GET /api/settings/repositories` (and the org variant): what `hf repos ls` reads. */
export interface RepoStorageItem {
  id: string;
  type: "model" | "dataset" | "space" | "kernel";
  updatedAt: string;
  visibility: "public" | "private";
  /** Bytes of the files at the head of main. */
  storage: number;
  /** Share of the namespace's total storage, 0–100. */
  storagePercent: number;
}
