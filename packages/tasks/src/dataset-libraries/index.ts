export {
  DATASET_LIBRARIES_UI_ELEMENTS,
  datasetLibrariesForDataset,
  type DatasetLibraryKey,
} from "./libraries.js";
export { datasetLayout } from "./layout.js";
export { datasetResolveUrl, sqlString } from "./snippet-parts.js";
export type {
  DatasetData,
  DatasetFormat,
  DatasetLayout,
  DatasetLibraryOptions,
  DatasetLibraryReach,
  DatasetLibrarySnippet,
  DatasetLibraryUiElement,
  DatasetSnippetLanguage,
} from "./types.js";
