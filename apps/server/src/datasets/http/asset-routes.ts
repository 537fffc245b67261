import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { notFound } from "../../domain/errors.js";
import { isAudioFeature, isImageFeature } from "../features.js";
import { readRows } from "../split-reader.js";
import { convertedRecord, readableDataset, type ViewerRouteDeps } from "./viewer-context.js";

const SIGNATURES: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], "image/png"],
  [[0xff, 0xd8, 0xff], "image/jpeg"],
  [[0x47, 0x49, 0x46, 0x38], "image/gif"],
  [[0x42, 0x4d], "image/bmp"],
  [[0x66, 0x4c, 0x61, 0x43], "audio/flac"],
  [[0x4f, 0x67, 0x67, 0x53], "audio/ogg"],
  [[0x49, 0x44, 0x33], "audio/mpeg"],
];

function contentTypeOf(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF") {
    const kind = bytes.subarray(8, 12).toString("latin1");
    if (kind === "WEBP") return "image/webp";
    if (kind === "WAVE") return "audio/wav";
  }
  const match = SIGNATURES.find(([signature]) => signature.every((byte, index) => bytes[index] === byte));
  return match?.[1] ?? "application/octet-stream";
}

/**
 * `GET /datasets-server/assets/{owner}/{name}/--/{parquet commit}/--/{config}/{split}/{row}/{column}`:
 * the bytes of an image or audio cell stored inside the converted Parquet (datasets pushed with
 * `push_to_hub` keep media there), with the dataset's access rules.
 */
export function assetRoutes(deps: ViewerRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(
    "/datasets-server/assets/:owner/:name/--/:commit/--/:config/:split/:row{[0-9]+}/:column",
    async (c) => {
      const repo = await readableDataset(c, deps, `${c.req.param("owner")}/${c.req.param("name")}`);
      const record = await convertedRecord(deps, repo);
      if (record.parquetCommit !== c.req.param("commit"))
        throw notFound("This version of the dataset is no longer served");
      const target = await deps.viewer.target(repo, record, c.req.param("config"), c.req.param("split"));
      const column = c.req.param("column");
      const feature = target.report.features[column];
      if (!isImageFeature(feature) && !isAudioFeature(feature)) throw notFound(`No media column "${column}"`);
      const [row] = await deps.viewer.engine.use((connection) =>
        readRows(connection, target, Number(c.req.param("row")), 1),
      );
      const cell = row?.values[column] as { bytes?: unknown } | null | undefined;
      if (!cell || !(cell.bytes instanceof Uint8Array)) throw notFound("This cell holds no stored bytes");
      const bytes = Buffer.from(cell.bytes);
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": contentTypeOf(bytes),
        "Cache-Control": "private, max-age=31536000, immutable",
      });
    },
  );
  return app;
}
