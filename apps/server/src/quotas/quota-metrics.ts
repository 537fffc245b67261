import { Gauge, type Registry } from "prom-client";
import type { StorageQuotas } from "./service.js";

/**
 * `modelhub_org_storage_bytes{org}` and `modelhub_org_storage_quota_bytes{org}` (organizations with a
 * limit), read from the measured repos when `/metrics` is scraped.
 */
export function registerQuotaMetrics(registry: Registry, quotas: StorageQuotas): void {
  new Gauge({
    name: "modelhub_org_storage_bytes",
    help: "Storage each organization uses (LFS objects and git repositories, once per repo), in bytes",
    labelNames: ["org"],
    registers: [registry],
    async collect() {
      const orgs = await quotas.organizations();
      this.reset();
      for (const org of orgs) this.set({ org: org.name }, org.usedBytes);
    },
  });
  new Gauge({
    name: "modelhub_org_storage_quota_bytes",
    help: "Storage quota of each organization that has one, in bytes",
    labelNames: ["org"],
    registers: [registry],
    async collect() {
      const limits = await quotas.organizationLimits();
      this.reset();
      for (const org of limits) if (org.storageLimit !== null) this.set({ org: org.name }, org.storageLimit);
    },
  });
}
