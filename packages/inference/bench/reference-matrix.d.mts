// Types of reference-matrix.mjs for the tests (test/models.ts narrows them).
export interface MatrixModel {
  id: string;
  pipeline_tag: string;
  tags: string[];
  mask_token?: string;
  library_name?: string;
}
export const MATRIX_MODELS: MatrixModel[];
export const MATRIX_OPTION_SETS: Record<string, Record<string, unknown>>;
export function mappingFor(
  model: MatrixModel,
  provider: string,
  task: string,
): { provider: string; hfModelId: string; providerId: string; status: "live"; task: string };
export function matrixCalls(providers: string[]): unknown[][];
