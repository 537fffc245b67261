import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, ErrorState, Skeleton } from "../../../components/ui/status.js";
import type { RepoInfo } from "@modelhub/api-types";
import { cellText, MAX_ROWS, previewFormat, readPreview } from "../lib/preview-rows.js";

export function previewableFiles(info: RepoInfo) {
  return (info.siblings ?? [])
    .filter((s) => previewFormat(s.rfilename))
    .sort(
      (a, b) =>
        Number(!/train/i.test(a.rfilename)) - Number(!/train/i.test(b.rfilename)) ||
        a.rfilename.localeCompare(b.rfilename),
    );
}

export function DatasetPreview({ info, revision = "main" }: { info: RepoInfo; revision?: string }) {
  const files = previewableFiles(info);
  const [selected, setSelected] = useState(files[0]?.rfilename);
  const file = files.find((f) => f.rfilename === selected);
  const preview = useQuery({
    queryKey: ["dataset-preview", info.id, revision, selected],
    enabled: Boolean(file),
    queryFn: () =>
      readPreview("dataset", info.id, revision, file?.rfilename ?? "", file?.lfs?.size ?? file?.size),
    retry: false,
    staleTime: 5 * 60_000,
  });

  return (
    <section className="card" aria-labelledby="dataset-preview-title" data-testid="dataset-preview">
      <div className="toolbar">
        <h2 id="dataset-preview-title" style={{ margin: 0 }}>
          Dataset preview
        </h2>
        {files.length > 1 ? (
          <label className="field" style={{ flexDirection: "row", alignItems: "center", gap: 8 }}>
            File
            <select className="input" value={selected} onChange={(event) => setSelected(event.target.value)}>
              {files.map((f) => (
                <option key={f.rfilename} value={f.rfilename}>
                  {f.rfilename}
                </option>
              ))}
            </select>
          </label>
        ) : file ? (
          <span className="mono small muted">{file.rfilename}</span>
        ) : null}
      </div>
      {!file ? (
        <EmptyState title="No previewable file">
          The preview reads CSV, TSV, JSON Lines and Parquet files.
        </EmptyState>
      ) : preview.isPending ? (
        <Skeleton lines={8} height="240px" />
      ) : preview.isError ? (
        <ErrorState error={preview.error} retry={() => void preview.refetch()} />
      ) : preview.data.rows.length === 0 ? (
        <EmptyState title="The file has no rows" />
      ) : (
        <>
          <div className="data-table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  {preview.data.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.data.rows.map((row, index) => (
                  <tr key={index}>
                    {preview.data.columns.map((column) => {
                      const text = cellText(row[column]);
                      return (
                        <td key={column} title={text.length > 60 ? text : undefined}>
                          {text.length > 300 ? `${text.slice(0, 300)}…` : text}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="small muted" style={{ marginBottom: 0 }}>
            First {preview.data.rows.length} rows
            {preview.data.totalRows !== undefined ? ` of ${preview.data.totalRows.toLocaleString("en")}` : ""}
            {preview.data.rows.length >= MAX_ROWS ? " (preview limit)" : ""}.
          </p>
        </>
      )}
    </section>
  );
}
