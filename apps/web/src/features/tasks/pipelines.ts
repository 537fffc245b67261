import {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  type Modality,
  type PipelineType,
} from "@modelhub/tasks";

export interface PipelineChoice {
  id: PipelineType;
  name: string;
  modality: Modality;
  color?: string;
}

/** Pipelines grouped by modality, in catalogue order, for a model or dataset context. */
export function pipelinesByModality(
  kind: "model" | "dataset" | "any" = "any",
): { modality: Modality; label: string; pipelines: PipelineChoice[] }[] {
  const entries = Object.entries(PIPELINE_DATA) as [PipelineType, (typeof PIPELINE_DATA)[PipelineType]][];
  return MODALITIES.map((modality) => ({
    modality,
    label: MODALITY_LABELS[modality],
    pipelines: entries
      .filter(([, data]) => data.modality === modality)
      .filter(([, data]) => {
        const flags = data as { hideInModels?: boolean; hideInDatasets?: boolean };
        return kind === "model" ? !flags.hideInModels : kind === "dataset" ? !flags.hideInDatasets : true;
      })
      .map(([id, data]) => ({ id, name: data.name, modality, color: (data as { color?: string }).color })),
  })).filter((group) => group.pipelines.length > 0);
}

export function pipelineName(id: string): string {
  return (PIPELINE_DATA as Record<string, { name: string } | undefined>)[id]?.name ?? id;
}
