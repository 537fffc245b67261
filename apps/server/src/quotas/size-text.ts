/** Byte sizes as people write them: decimal units as the Hub counts storage, binary ones when asked. */
const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

const SIZE = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i;

/** `50GB`, `500MiB`, `1.5 TB`, `1024` (bytes) → bytes; undefined when the text is no size. */
export function parseByteSize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (!match) return undefined;
  const unit = UNITS[(match[2] || "b").toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const SHOWN: [number, string][] = [
  [1e12, "TB"],
  [1e9, "GB"],
  [1e6, "MB"],
  [1e3, "kB"],
];

/** `12.4 GB`, `512 B`: one decimal, decimal units (the Hub's storage page). */
export function formatBytes(bytes: number): string {
  for (const [unit, name] of SHOWN)
    if (bytes >= unit) return `${(Math.floor((bytes / unit) * 10) / 10).toFixed(1)} ${name}`;
  return `${bytes} B`;
}
