import { importSafety, type Safety } from "../safety-rules.js";

/** One global a pickle imports (what loading it would call or build). */
export interface PickleImport {
  module: string;
  name: string;
  safety: Safety;
}

/** Distinct imports kept per file; more only raise the counters. */
const MAX_LISTED_IMPORTS = 500;

/**
 * What the opcode walks of one file found, across all its pickles: the imports (deduplicated, in the
 * order first seen) and the reasons the scanner could not vouch for the file.
 */
export class PickleFindings {
  readonly imports = new Map<string, PickleImport>();
  /** Why the file is suspicious even without a dangerous import (parse failures, evasions). */
  readonly problems: string[] = [];
  /** Why the scanner cannot vouch for the file although nothing in it could run (not a pickle at all). */
  readonly doubts: string[] = [];
  pickles = 0;
  dangerous = 0;
  suspicious = 0;

  record(module: string, name: string, safety: Safety = importSafety(module, name)): void {
    const key = `${module}\u0000${name}`;
    if (this.imports.has(key)) return;
    if (safety === "dangerous") this.dangerous++;
    if (safety === "suspicious") this.suspicious++;
    if (this.imports.size < MAX_LISTED_IMPORTS) this.imports.set(key, { module, name, safety });
  }

  problem(message: string): void {
    if (!this.problems.includes(message) && this.problems.length < 20) this.problems.push(message);
  }

  /** A file named like a pickle whose bytes no loader reads as one, failing before it imports anything. */
  doubt(message: string): void {
    if (!this.doubts.includes(message) && this.doubts.length < 20) this.doubts.push(message);
  }

  /**
   * unsafe: a dangerous import; suspicious: unreadable after it started like a pickle, or evasive;
   * caution: imports outside the allow list, or bytes that are no pickle at all.
   */
  status(): "safe" | "caution" | "suspicious" | "unsafe" {
    if (this.dangerous > 0) return "unsafe";
    if (this.problems.length > 0) return "suspicious";
    if (this.suspicious > 0 || this.doubts.length > 0) return "caution";
    return "safe";
  }

  list(): PickleImport[] {
    const order: Record<Safety, number> = { dangerous: 0, suspicious: 1, innocuous: 2 };
    return [...this.imports.values()].sort((a, b) => order[a.safety] - order[b.safety]);
  }
}
