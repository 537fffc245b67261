import type { DatasetData } from "../../src/index.js";
import { HOSTILE_MARKER } from "../../src/libraries/fixtures/model-records.js";

export { HOSTILE_MARKER };

export const LOCAL_HUB = "http://127.0.0.1:8080";
export const PUBLIC_HUB = "https://huggingface.co";
/** A hub address nobody should configure, to prove it is quoted like any other text. */
export const HOSTILE_HUB = `http://hub.example/x'"$(${HOSTILE_MARKER})\`${HOSTILE_MARKER}\`'''`;

/** Quotes of every kind, triple quotes, backslashes, `$`, backticks and line breaks around the marker. */
const HOSTILE = `q'"''' \\ $(${HOSTILE_MARKER}) \`${HOSTILE_MARKER}\` \${${HOSTILE_MARKER}}\n${HOSTILE_MARKER} ''); ${HOSTILE_MARKER} --`;
export const HOSTILE_ID = `evil"o'rg/${HOSTILE}`;

const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));

export interface DatasetFixture {
  name: string;
  dataset: DatasetData;
  hostile: boolean;
}

function shapes(text: string): Record<string, Omit<DatasetData, "id">> {
  return {
    "parquet splits (card)": {
      siblings: files(
        "README.md",
        ".gitattributes",
        `data/train-${text}.parquet`,
        `data/test-${text}.parquet`,
      ),
      cardData: {
        configs: [
          {
            config_name: "default",
            data_files: [
              { split: `train${text}`, path: `data/train-${text}.parquet` },
              { split: "test", path: "data/test-*.parquet" },
            ],
          },
        ],
      },
    },
    "csv single": { siblings: files("README.md", `${text}.csv`) },
    "tsv named splits": { siblings: files(`train ${text}.tsv`, `validation ${text}.tsv`) },
    "jsonl private": {
      private: true,
      siblings: files(`data/train/${text}.jsonl`, `data/test/${text}.jsonl`),
    },
    "json gated": { gated: "manual", siblings: files(`${text}.json`, "dataset_info.json") },
    webdataset: { siblings: files(...Array.from({ length: 20 }, (_, i) => `shards/${text}-${i}.tar`)) },
    "webdataset gated": { gated: "auto", siblings: files(`${text}.tar`) },
    "image folder": { siblings: files(`train/${text}.png`, "train/b.jpg", `train/metadata.csv`) },
    "audio folder": { siblings: files(`test/${text}.wav`) },
    "two configs": {
      siblings: files(`a/${text}.parquet`, `b/${text}.parquet`),
      cardData: {
        configs: [
          { config_name: `first${text}`, data_files: `a/*.parquet` },
          { config_name: "second", data_files: [{ split: "train", path: [`b/*.parquet`] }], default: false },
        ],
      },
    },
    "readme only": { siblings: files("README.md") },
    "format tag only": { tags: ["format:parquet"] },
  };
}

export function buildDatasetFixtures(): DatasetFixture[] {
  const honest = Object.entries(shapes("part")).map(([name, shape]) => ({
    name,
    dataset: { id: "alice/tiny-data", ...shape },
    hostile: false,
  }));
  const hostile = Object.entries(shapes(HOSTILE)).map(([name, shape]) => ({
    name: `hostile ${name}`,
    dataset: { id: HOSTILE_ID, ...shape },
    hostile: true,
  }));
  return [...honest, ...hostile];
}
