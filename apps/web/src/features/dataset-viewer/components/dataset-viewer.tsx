import { useCallback, useId, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Tabs } from "../../../components/ui/tabs.js";
import { Skeleton } from "../../../components/ui/status.js";
import { useSize, useSplits } from "../api/use-viewer-queries.js";
import { errorText, isNotReady } from "../api/viewer-api.js";
import { configNames, defaultSplit, splitEntries } from "../lib/split-list.js";
import {
  closeSql,
  openSql,
  readViewerState,
  selectConfig,
  selectSplit,
  writeViewerState,
  type ViewerState,
} from "../lib/viewer-state.js";
import { ConversionNotice } from "./conversion-notice.js";
import { SplitError, SplitView, type ChangeState } from "./split-view.js";
import { SqlConsole } from "./sql-console.js";
import "../dataset-viewer.css";

type Tab = "data" | "sql";
const TABS = [
  { value: "data", label: "Data" },
  { value: "sql", label: "SQL console" },
] as const;

/**
 * The dataset viewer: config and split pickers, the paged table with search, filters and column
 * charts, and the SQL console. All of it reads the hub's `/datasets-server` API; what is shown lives
 * in the URL. When the API has nothing for this dataset, `fallback` (the file preview) is shown.
 */
export function DatasetViewer({ dataset, fallback }: { dataset: string; fallback: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const state = readViewerState(params);
  const change: ChangeState = useCallback(
    (next: (current: ViewerState) => ViewerState, replace = false) =>
      setParams((previous) => writeViewerState(next(readViewerState(previous)), previous), {
        replace,
        preventScrollReset: true,
      }),
    [setParams],
  );
  const pickerId = useId();
  const splits = useSplits(dataset);
  const pendingCount = splits.data?.pending.length ?? 0;
  const size = useSize(dataset, pendingCount);

  if (splits.isPending)
    return (
      <ViewerCard>
        <Skeleton lines={8} height="240px" />
      </ViewerCard>
    );
  if (splits.isError) {
    if (isNotReady(splits.error))
      return (
        <ViewerCard>
          <ConversionNotice dataset={dataset} />
        </ViewerCard>
      );
    return (
      <>
        <p className="small muted viewer-unavailable" data-testid="viewer-unavailable">
          The dataset viewer is not available for this dataset: {errorText(splits.error)}
        </p>
        {fallback}
      </>
    );
  }

  const entries = splitEntries(splits.data);
  if (entries.length === 0) return <>{fallback}</>;
  const configs = configNames(entries);
  const config = state.config && configs.includes(state.config) ? state.config : configs[0];
  const inConfig = entries.filter((entry) => entry.config === config);
  const splitNames = inConfig.map((entry) => entry.split);
  const split = state.split && splitNames.includes(state.split) ? state.split : defaultSplit(entries, config);
  const entry = inConfig.find((item) => item.split === split);
  const rowCount = (name: string) =>
    size.data?.size.splits.find((item) => item.config === config && item.split === name)?.num_rows;
  const tab: Tab = state.sql !== undefined ? "sql" : "data";

  return (
    <ViewerCard>
      <div className="viewer-pickers">
        <div className="field viewer-picker">
          <label htmlFor={`${pickerId}-config`}>Subset</label>
          <select
            id={`${pickerId}-config`}
            className="input"
            value={config}
            disabled={configs.length < 2}
            onChange={(event) => change((s) => selectConfig(s, event.target.value))}
          >
            {configs.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {/* The console queries every split of the subset: no split to pick there. */}
        <div className="field viewer-picker" hidden={tab === "sql"}>
          <label htmlFor={`${pickerId}-split`}>Split</label>
          <select
            id={`${pickerId}-split`}
            className="input"
            value={split}
            onChange={(event) => change((s) => selectSplit(s, event.target.value))}
          >
            {inConfig.map((item) => {
              const rows = rowCount(item.split);
              const note =
                item.status.state === "failed"
                  ? " (failed)"
                  : item.status.state === "pending"
                    ? " (converting)"
                    : rows !== undefined
                      ? ` (${rows.toLocaleString("en")} rows)`
                      : "";
              return (
                <option key={item.split} value={item.split}>
                  {item.split}
                  {note}
                </option>
              );
            })}
          </select>
        </div>
        <Tabs
          items={TABS}
          value={tab}
          label="Viewer mode"
          size="small"
          onChange={(value) => change((s) => (value === "sql" ? openSql(s, s.sql ?? "") : closeSql(s)))}
        />
      </div>
      {tab === "sql" ? (
        <SqlConsole
          key={config}
          dataset={dataset}
          config={config}
          splits={splitNames}
          query={state.sql ?? ""}
          onRun={(query) => change((s) => openSql(s, query))}
        />
      ) : !entry || !split ? null : entry.status.state === "failed" ? (
        <SplitError message={entry.status.error} />
      ) : entry.status.state === "pending" ? (
        <ConversionNotice dataset={dataset} />
      ) : (
        <SplitView
          key={`${config}\u0000${split}`}
          dataset={dataset}
          config={config}
          split={split}
          state={state}
          change={change}
        />
      )}
    </ViewerCard>
  );
}

function ViewerCard({ children }: { children: ReactNode }) {
  return (
    <section
      className="card dataset-viewer"
      aria-labelledby="dataset-viewer-title"
      data-testid="dataset-viewer"
    >
      <h2 id="dataset-viewer-title" className="dataset-viewer-title">
        Dataset viewer
      </h2>
      {children}
    </section>
  );
}
