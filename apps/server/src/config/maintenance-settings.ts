/** Garbage collection schedule (MODELHUB_GC_*), in milliseconds. */
export interface GcSettings {
  /** Time between scheduled sweeps of a running hub; 0 = never (run `modelhub gc` yourself). */
  intervalMs: number;
  /** Unreferenced objects and leftovers younger than this are kept (uploads about to be committed). */
  graceMs: number;
}

export const DEFAULT_GC_SETTINGS: GcSettings = { intervalMs: 24 * 3_600_000, graceMs: 24 * 3_600_000 };

/** A garbage collection setting out of range (start-up turns it into a ConfigError). */
export class GcSettingsError extends Error {}

const MAX_HOURS = 24 * 365;

export function resolveGcSettings(env: Record<string, string | undefined>): GcSettings {
  const hours = (name: string, fallbackMs: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return fallbackMs;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > MAX_HOURS)
      throw new GcSettingsError(`${name} "${raw}" must be a number of hours from 0 to ${MAX_HOURS}`);
    return Math.round(value * 3_600_000);
  };
  return {
    intervalMs: hours("MODELHUB_GC_INTERVAL_H", DEFAULT_GC_SETTINGS.intervalMs),
    graceMs: hours("MODELHUB_GC_GRACE_H", DEFAULT_GC_SETTINGS.graceMs),
  };
}
