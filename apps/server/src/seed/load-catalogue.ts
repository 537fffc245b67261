import type { DemoCatalogue } from "./catalogue/types.js";
import { buildFallbackCatalogue } from "./fallback-catalogue.js";

interface CatalogueModule {
  buildDemoCatalogue?: () => DemoCatalogue | Promise<DemoCatalogue>;
}

/** The demo catalogue when it is built in (`./catalogue/index.js`), else the small fallback set. */
export async function loadCatalogue(): Promise<{ catalogue: DemoCatalogue; source: "demo" | "fallback" }> {
  const specifier = "./catalogue/index.js";
  try {
    const mod = (await import(specifier)) as CatalogueModule;
    if (typeof mod.buildDemoCatalogue === "function")
      return { catalogue: await mod.buildDemoCatalogue(), source: "demo" };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const message = err instanceof Error ? err.message : "";
    if (
      code !== "ERR_MODULE_NOT_FOUND" &&
      !/Cannot find module|Failed to load url|does not exist/i.test(message)
    )
      throw err;
  }
  return { catalogue: buildFallbackCatalogue(), source: "fallback" };
}
