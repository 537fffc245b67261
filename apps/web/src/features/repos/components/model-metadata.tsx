import { compareGGUFFilenames, parseGGUFQuantLabel } from "@modelhub/tasks";
import { Link } from "react-router";
import { paths } from "../../../config/paths.js";
import { DownloadsSparkline } from "../../../components/downloads/downloads-sparkline.js";
import { RepoStats, Stat } from "./repo-stats.js";
import type { RepoInfo } from "@modelhub/api-types";
import { formatBytes, formatCount, formatParameters, formatRelative } from "../../../lib/format.js";

function quantLabel(filename: string): string | undefined {
  return parseGGUFQuantLabel(filename);
}
function asList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function repoSize(info: RepoInfo): number | undefined {
  if (info.usedStorage) return info.usedStorage;
  const sizes = (info.siblings ?? []).map((s) => s.lfs?.size ?? s.size ?? 0);
  const total = sizes.reduce((a, b) => a + b, 0);
  return total > 0 ? total : undefined;
}

/** "8.03B params · BF16": the total, then the tensor types from most to fewest parameters. */
export function modelSizeLabel(counts: { parameters: Record<string, number>; total: number }): string {
  const dtypes = Object.entries(counts.parameters)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([dtype]) => dtype);
  return [formatParameters(counts.total), ...dtypes].join(" · ");
}

export function ModelMetadata({ info }: { info: RepoInfo }) {
  const license =
    asList(info.cardData?.license)[0] ?? info.tags?.find((t) => t.startsWith("license:"))?.slice(8);
  const languages = asList(info.cardData?.language);
  const baseModels = asList(info.cardData?.base_model);
  const params = info.safetensors?.total ?? info.gguf?.total;
  return (
    <section className="card" aria-label="Model details">
      <RepoStats info={info}>
        {params ? <Stat value={formatParameters(params).replace(" params", "")} label="parameters" /> : null}
      </RepoStats>
      <DownloadsSparkline type="model" id={info.id} />
      <dl className="meta-list">
        <dt>Task</dt>
        <dd>
          {info.pipeline_tag ? <Link to={paths.task(info.pipeline_tag)}>{info.pipeline_tag}</Link> : "–"}
        </dd>
        <dt>Library</dt>
        <dd>{info.library_name ?? "–"}</dd>
        <dt>License</dt>
        <dd>{license ?? "–"}</dd>
        {languages.length ? (
          <>
            <dt>Languages</dt>
            <dd>{languages.join(", ")}</dd>
          </>
        ) : null}
        {baseModels.length ? (
          <>
            <dt>Base model</dt>
            <dd>
              {baseModels.map((base, i) => (
                <span key={base}>
                  {i > 0 ? ", " : ""}
                  <Link to={paths.repo("model", base)}>{base}</Link>
                </span>
              ))}
            </dd>
          </>
        ) : null}
        {info.safetensors?.total ? (
          <>
            <dt>Model size</dt>
            <dd>{modelSizeLabel(info.safetensors)}</dd>
          </>
        ) : null}
        <dt>Size</dt>
        <dd>{formatBytes(repoSize(info))}</dd>
        {info.lastModified ? (
          <>
            <dt>Updated</dt>
            <dd>{formatRelative(info.lastModified)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function GgufFiles({ info }: { info: RepoInfo }) {
  const files = (info.siblings ?? [])
    .filter((s) => s.rfilename.toLowerCase().endsWith(".gguf"))
    .sort((a, b) => compareGGUFFilenames(a.rfilename, b.rfilename));
  if (files.length === 0) return null;
  return (
    <section className="card" aria-label="GGUF files">
      <h2 style={{ fontSize: "0.98rem" }}>GGUF quantizations</h2>
      {info.gguf?.architecture ? (
        <p className="small muted" style={{ marginTop: 0 }}>
          Architecture <strong>{info.gguf.architecture}</strong>
          {info.gguf.context_length ? `, context ${formatCount(info.gguf.context_length)}` : ""}
        </p>
      ) : null}
      <table className="file-table">
        <tbody>
          {files.map((file) => (
            <tr key={file.rfilename}>
              <td>
                <span className="tag tag-task">{quantLabel(file.rfilename) ?? "GGUF"}</span>
              </td>
              <td className="file-name">
                <a href={paths.resolve("model", info.id, "main", file.rfilename, true)}>{file.rfilename}</a>
              </td>
              <td className="file-size">{formatBytes(file.lfs?.size ?? file.size)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
