import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importCatalogue } from "../../../src/seed/import-catalogue.js";
import { tinyChatCatalogue } from "../../../src/seed/tiny-gguf/seeded-hubs.js";
import { startTestHub, type Dialect, type TestHub } from "../../platform/helpers/test-hub.js";

export interface EmbeddedHub {
  hub: TestHub;
  /** A write token of "alice". */
  alice: string;
  stop(): Promise<void>;
}

/**
 * A hub holding only the demo catalogue's tiny chat model (imported through the real commit path, so
 * its GGUF sits in the LFS store) and the embedded backend: the out-of-the-box one when `config` is
 * absent, else the given MODELHUB_INFERENCE_CONFIG contents.
 */
export async function startEmbeddedHub(dialect: Dialect, config?: unknown): Promise<EmbeddedHub> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-embedded-"));
  const env: Record<string, string> = {};
  if (config !== undefined) {
    const file = path.join(dir, "inference.json");
    fs.writeFileSync(file, JSON.stringify(config));
    env.MODELHUB_INFERENCE_CONFIG = file;
  }
  const hub = await startTestHub({ dialect, env });
  await importDemoModel(hub);
  const alice = await hub.tokenFor("alice");
  return {
    hub,
    alice,
    async stop() {
      await hub.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Imports just the tiny model repo of the demo catalogue. */
export async function importDemoModel(hub: TestHub): Promise<void> {
  await importCatalogue(
    { services: hub.services, content: hub.content, logger: hub.logger },
    tinyChatCatalogue(),
  );
}
