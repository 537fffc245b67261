import { hashText } from "./files/bytes.js";

export interface Popularity {
  downloads: number;
  likes: number;
}

/**
 * Assigns downloads along a power law: repos are ranked by a deterministic score (well-known ones
 * first), and the n-th gets roughly `top / n^1.1`. Likes follow downloads loosely, with some noise,
 * so "most liked" and "most downloaded" orders differ. (Creation dates come from release-dates.ts.)
 */
export function assignPopularity(
  items: { id: string; famous: boolean }[],
  topDownloads: number,
): Map<string, Popularity> {
  const scored = items.map((item) => ({
    id: item.id,
    score: (hashText(item.id) % 10_000) / 10_000 + (item.famous ? 1 : 0),
  }));
  scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const result = new Map<string, Popularity>();
  scored.forEach((item, index) => {
    const hash = hashText(`${item.id}#likes`);
    const downloads = Math.max(3, Math.round(topDownloads / Math.pow(index + 1, 1.1)) + (hash % 97));
    const likes = Math.max(0, Math.round(Math.pow(downloads, 0.55) * (0.4 + (hash % 1000) / 800)));
    result.set(item.id, { downloads, likes });
  });
  return result;
}
