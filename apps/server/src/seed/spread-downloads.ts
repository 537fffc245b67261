import { utcDay } from "../platform/repos.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Splits a 30-day download total over the last 30 days, leaning toward recent days with a
 * deterministic wobble per repo, so trending and "last 30 days" both look alive.
 */
export function spreadDownloads(
  total: number,
  seedText: string,
  now = new Date(),
): { day: string; count: number }[] {
  if (total <= 0) return [];
  let hash = 2166136261;
  for (const ch of seedText) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  const weights = Array.from({ length: 30 }, (_, i) => {
    hash = Math.imul(hash ^ (hash >>> 13), 1274126177) >>> 0;
    const wobble = 0.7 + (hash % 1000) / 1666;
    return (1 + i / 15) * wobble;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  counts[counts.length - 1] += total - counts.reduce((a, b) => a + b, 0);
  return counts
    .map((count, i) => ({ day: utcDay(new Date(now.getTime() - (29 - i) * DAY_MS)), count }))
    .filter((d) => d.count > 0);
}
