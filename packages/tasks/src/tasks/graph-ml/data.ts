import type { TaskDataCustom } from "../task-data.js";
import { graphMlAbout } from "./about.js";

export const graphMlTask: TaskDataCustom = {
  summary:
    "Graph machine learning works on data made of nodes and the edges between them: molecules, social networks, road maps, knowledge graphs. Models predict properties of whole graphs, labels of individual nodes, or whether an edge should exist.",
  datasets: [
    {
      id: "OGB/ogbg-molhiv",
      description:
        "About 41,000 molecules labelled by whether they inhibit HIV replication (graph classification).",
    },
    {
      id: "graphs-datasets/ZINC",
      description: "Drug-like molecules with a constrained solubility score to regress (graph regression).",
    },
    {
      id: "graphs-datasets/MUTAG",
      description: "188 small molecules labelled as mutagenic or not, a classic toy set.",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "graph-ml-input-molecule.png" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Active", score: 0.27 },
          { label: "Inactive", score: 0.73 },
        ],
      },
    ],
  },
  metrics: [
    { id: "roc_auc", description: "Threshold-free ranking quality for binary graph or node classification." },
    { id: "accuracy", description: "Share of graphs or nodes assigned the correct label." },
    {
      id: "mae",
      description: "Mean absolute error for graph-level regression targets such as molecular energies.",
    },
  ],
  models: [
    {
      id: "clefourrier/graphormer-base-pcqm4mv2",
      description: "Graphormer pre-trained on 3.7M molecules to predict a quantum-chemical property.",
    },
    {
      id: "clefourrier/graphormer-base-pcqm4mv1",
      description: "Earlier Graphormer checkpoint on PCQM4M-LSC, a starting point for molecule tasks.",
    },
  ],
  spaces: [
    {
      id: "simonduerr/ProteinMPNN",
      description: "Protein sequence design with a message-passing neural network over the backbone graph.",
    },
    {
      id: "simonduerr/diffdock",
      description: "Predicts how a small molecule docks into a protein using equivariant graph networks.",
    },
  ],
  widgetModels: ["clefourrier/graphormer-base-pcqm4mv2"],
  libraries: ["transformers"],
  about: graphMlAbout,
};
