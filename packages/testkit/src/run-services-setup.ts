import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { stopRunServices } from "./run-services.js";

/**
 * Global setup of a test project (`globalSetup` in its vitest config): a folder for the services the
 * run's files share (see `sharedService`), and their shutdown when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "modelhub-test-run-"));
  project.provide("modelhubRunDir", dir);
  return () => stopRunServices(dir);
}
