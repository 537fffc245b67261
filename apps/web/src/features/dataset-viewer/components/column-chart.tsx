import { useState } from "react";
import {
  binLabel,
  frequencyLabel,
  type ColumnChart as ChartData,
  type HistogramBin,
  type FrequencyItem,
} from "../lib/column-stats.js";
import type { ColumnFilter } from "../lib/where.js";

const WIDTH = 160;
const HEIGHT = 44;
const GAP = 1.5;

function Histogram({
  column,
  bins,
  onHover,
  onPick,
}: {
  column: string;
  bins: HistogramBin[];
  onHover: (bin: HistogramBin | undefined) => void;
  onPick: (filters: ColumnFilter[]) => void;
}) {
  const peak = Math.max(1, ...bins.map((bin) => bin.count));
  const width = WIDTH / bins.length;
  return (
    <svg
      className="column-histogram"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Distribution of ${column}`}
      onMouseLeave={() => onHover(undefined)}
    >
      {bins.map((bin, index) => {
        // Non-empty bins get at least a sliver so they stay visible next to a tall one.
        const height = bin.count === 0 ? 0 : Math.max(2, (bin.count / peak) * (HEIGHT - 2));
        const pickable = bin.filters.length > 0;
        return (
          <g
            key={index}
            className={pickable ? "bin pickable" : "bin"}
            role={pickable ? "button" : undefined}
            tabIndex={pickable ? 0 : undefined}
            aria-label={binLabel(bin)}
            onMouseEnter={() => onHover(bin)}
            onFocus={() => onHover(bin)}
            onBlur={() => onHover(undefined)}
            onClick={pickable ? () => onPick(bin.filters) : undefined}
            onKeyDown={
              pickable
                ? (event) => {
                    if (event.key !== "Enter" && event.key !== " ") return;
                    event.preventDefault();
                    onPick(bin.filters);
                  }
                : undefined
            }
          >
            <title>{binLabel(bin)}</title>
            {/* a full-height hit area so thin bars are easy to point at */}
            <rect className="bin-hit" x={index * width} y={0} width={width} height={HEIGHT} />
            <rect
              className="bin-bar"
              x={index * width + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(0.5, width - GAP)}
              height={height}
              rx={1}
            />
          </g>
        );
      })}
    </svg>
  );
}

function Frequencies({
  items,
  others,
  total,
  onHover,
  onPick,
}: {
  items: FrequencyItem[];
  others: number;
  total: number;
  onHover: (item: FrequencyItem | undefined) => void;
  onPick: (filters: ColumnFilter[]) => void;
}) {
  const share = (count: number) => `${total > 0 ? (100 * count) / total : 0}%`;
  return (
    <ul className="column-frequencies" onMouseLeave={() => onHover(undefined)}>
      {items.map((item) => (
        <li key={item.value}>
          <button
            type="button"
            className="frequency"
            title={frequencyLabel(item, total)}
            disabled={item.filters.length === 0}
            onMouseEnter={() => onHover(item)}
            onFocus={() => onHover(item)}
            onBlur={() => onHover(undefined)}
            onClick={() => onPick(item.filters)}
          >
            <span className="frequency-bar" style={{ width: share(item.count) }} aria-hidden="true" />
            <span className="frequency-value">{item.value}</span>
            <span className="frequency-share">{Math.round((100 * item.count) / Math.max(1, total))}%</span>
          </button>
        </li>
      ))}
      {others > 0 ? (
        <li className="frequency frequency-others" title={`others: ${others.toLocaleString("en")} rows`}>
          <span className="frequency-bar" style={{ width: share(others) }} aria-hidden="true" />
          <span className="frequency-value">others</span>
          <span className="frequency-share">{Math.round((100 * others) / Math.max(1, total))}%</span>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The chart above a column: a histogram (numbers, text lengths, dates) or the most frequent values
 * (labels, booleans). Hovering shows the bar's numbers in the caption; clicking a bar filters the table.
 */
export function ColumnChart({
  column,
  chart,
  onPick,
}: {
  column: string;
  chart: ChartData;
  onPick: (filters: ColumnFilter[]) => void;
}) {
  const [hovered, setHovered] = useState<string>();
  return (
    <div className="column-chart" data-testid="column-chart" data-kind={chart.kind}>
      {chart.kind === "histogram" ? (
        <Histogram
          column={column}
          bins={chart.bins}
          onHover={(bin) => setHovered(bin && binLabel(bin))}
          onPick={onPick}
        />
      ) : chart.kind === "frequencies" ? (
        <Frequencies
          items={chart.items}
          others={chart.others}
          total={chart.total}
          onHover={(item) => setHovered(item && frequencyLabel(item, chart.total))}
          onPick={onPick}
        />
      ) : null}
      <p className="column-caption" aria-live="polite">
        {hovered ?? chart.caption}
      </p>
    </div>
  );
}
