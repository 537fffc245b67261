import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/** The scans' Prometheus metrics, registered in the hub's registry. */
export class ScanMetrics {
  private readonly scans: Counter<"kind" | "status">;
  private readonly seconds: Histogram<"kind">;
  private readonly bytes: Counter<"kind">;
  private readonly refusals: Counter<"kind" | "rule">;
  private readonly releases: Counter;
  queued = 0;
  quarantined = 0;

  constructor(registry: Registry) {
    const registers = [registry];
    this.scans = new Counter({
      name: "modelhub_scans_total",
      help: "Files scanned, by content kind (pickle, torch-zip, safetensors, …) and resulting status",
      labelNames: ["kind", "status"],
      registers,
    });
    this.seconds = new Histogram({
      name: "modelhub_scan_duration_seconds",
      help: "Time one file's scans took (pickle import scan, format check and ClamAV), by content kind",
      labelNames: ["kind"],
      buckets: [0.005, 0.05, 0.25, 1, 5, 30, 120, 600],
      registers,
    });
    this.bytes = new Counter({
      name: "modelhub_scan_bytes_total",
      help: "Bytes of the files scanned, by content kind",
      labelNames: ["kind"],
      registers,
    });
    this.refusals = new Counter({
      name: "modelhub_scan_refusals_total",
      help: "Downloads the scan policy refused and repos or files the mirror's curation refused, by rule",
      labelNames: ["kind", "rule"],
      registers,
    });
    this.releases = new Counter({
      name: "modelhub_scan_releases_total",
      help: "Refused files a site admin released",
      registers,
    });
    const read = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value());
        },
      });
    read("modelhub_scan_queue", "Files waiting for (or in) their scan", () => this.queued);
    read("modelhub_scan_quarantined", "Files the scan policy holds back now", () => this.quarantined);
  }

  scanned(kind: string, status: string, seconds: number, bytes: number): void {
    this.scans.inc({ kind, status });
    this.seconds.observe({ kind }, seconds);
    this.bytes.inc({ kind }, bytes);
  }

  refused(kind: string, rule: string): void {
    this.refusals.inc({ kind, rule });
  }

  released(): void {
    this.releases.inc();
  }
}
