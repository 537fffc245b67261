/** One thing fsck found wrong. */
export interface FsckProblem {
  kind:
    | "lfs-corrupt"
    | "lfs-size"
    | "lfs-missing"
    | "ref-broken"
    | "git-corrupt"
    | "db-stale"
    | "db-missing-repo"
    | "db-orphan-repo";
  /** What it is about: `lfs:<oid>`, `model:owner/name`, `model:owner/name refs/heads/main`, … */
  subject: string;
  detail: string;
  /** Whether `--repair` can fix it (by deriving again or setting aside). */
  repairable: boolean;
  /** Set by `--repair`: what was done. */
  repaired?: string;
}

export interface FsckReport {
  repos: number;
  lfsObjects: number;
  lfsBytes: number;
  problems: FsckProblem[];
}

/** What is still wrong after a check (and a repair, if one ran). */
export function remaining(report: FsckReport): FsckProblem[] {
  return report.problems.filter((problem) => problem.repaired === undefined);
}
