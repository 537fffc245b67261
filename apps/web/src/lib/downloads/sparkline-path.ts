import type { DayCount } from "@modelhub/api-types";

/**
 * SVG polyline points for daily counts in a `width` × `height` box (y grows downwards; the largest
 * day touches the top, a zero day the bottom, with `pad` pixels kept free on each side).
 */
export function sparklinePoints(days: DayCount[], width: number, height: number, pad = 2): string {
  if (days.length === 0) return "";
  const peak = Math.max(1, ...days.map((d) => d.count));
  const step = days.length > 1 ? (width - 2 * pad) / (days.length - 1) : 0;
  return days
    .map((d, i) => {
      const x = pad + i * step;
      const y = height - pad - (d.count / peak) * (height - 2 * pad);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}
