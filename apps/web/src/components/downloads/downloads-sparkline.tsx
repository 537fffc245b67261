import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";
import { apiPaths } from "../../config/paths.js";
import type { DailyDownloads, RepoType } from "@modelhub/api-types";
import { formatCount } from "../../lib/format.js";
import { sparklinePoints } from "../../lib/downloads/sparkline-path.js";

const WIDTH = 240;
const HEIGHT = 36;

/** The last 30 days of counted downloads as a small line chart (nothing while loading or on error). */
export function DownloadsSparkline({ type, id }: { type: RepoType; id: string }) {
  const history = useQuery({
    queryKey: ["downloads-daily", type, id],
    queryFn: () => requestJson<DailyDownloads>(`${apiPaths.repo(type, id)}/downloads/daily`),
  });
  const days = history.data?.days ?? [];
  if (days.length === 0) return null;
  const first = days[0].day;
  const last = days[days.length - 1].day;
  return (
    <figure className="downloads-sparkline" style={{ margin: "0 0 12px" }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Downloads per day from ${first} to ${last}: ${formatCount(history.data?.total ?? 0)} in all`}
      >
        <polyline
          points={sparklinePoints(days, WIDTH, HEIGHT)}
          fill="none"
          stroke="var(--accent, currentColor)"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="muted small">Downloads per day, last 30 days</figcaption>
    </figure>
  );
}
