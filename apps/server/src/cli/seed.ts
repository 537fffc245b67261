import type { Config } from "../config/config.js";
import { loadContent } from "../compose/content-module.js";
import { createLogger } from "../platform/logger.js";
import { importCatalogue } from "../seed/import-catalogue.js";
import { loadCatalogue } from "../seed/load-catalogue.js";
import { withServices, type Output } from "./context.js";

/** `modelhub seed [--reset]`: imports the demo catalogue into the configured hub. */
export async function seedCommand(config: Config, args: { reset: boolean }, io: Output): Promise<void> {
  const logger = createLogger(config.logLevel);
  io.err(`modelhub: importing into the hub data in ${config.dataDir}`);
  await withServices(config, async (services) => {
    const { content } = await loadContent({
      access: services.access,
      events: services.events,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      logger,
    });
    const { catalogue, source } = await loadCatalogue();
    const result = await importCatalogue({ services, content, logger }, catalogue, { reset: args.reset });
    io.out(
      `imported ${result.repos} repos (${result.skipped} already present) from the ${source} catalogue in ${result.ms} ms`,
    );
  });
}
