/** A change to the index, with blob contents already written to the object database. */
export type IndexChange = { kind: "put"; path: string; blob: string } | { kind: "remove"; path: string };

/** What a commit should hold, before either writer (in-process or through git's index) builds it. */
export interface CommitDraft {
  base: string | undefined;
  changes: IndexChange[];
  message: string;
  author: { name: string; email: string; date?: Date };
}

/** The draft's timestamp in whole seconds (now when the author gave no date). */
export function commitSeconds(draft: CommitDraft): number {
  return Math.floor((draft.author.date ?? new Date()).getTime() / 1000);
}
