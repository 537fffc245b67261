export const graphMlAbout = `## Three kinds of predictions
- **Graph-level**: one label or value per graph, for example "is this molecule toxic?" or "what is its solubility?".
- **Node-level**: a label per node, for example the topic of each paper in a citation network or fraudulent accounts in a transaction graph.
- **Edge-level (link prediction)**: whether two nodes should be connected, as in recommendations ("users who bought this") or knowledge-graph completion.

## Where it is used
- **Chemistry and drug discovery**: atoms are nodes and bonds are edges; models screen millions of candidate molecules for activity or toxicity.
- **Biology**: protein structure graphs drive sequence design and docking.
- **Recommendation and social networks**: user-item graphs capture who interacts with what.
- **Fraud and security**: suspicious patterns show up in how accounts, devices and payments are connected.
- **Transport and infrastructure**: traffic forecasting on road networks, power-grid analysis.

## How graph neural networks work
Each node starts with a feature vector (atom type, user attributes). In every **message-passing** layer, a node gathers its neighbours' vectors, aggregates them (sum, mean, attention) and updates its own. After k layers each node summarises its k-hop neighbourhood. For graph-level tasks a **readout** pools all node vectors into one. Graph transformers such as Graphormer instead let every node attend to every other, injecting structure through distance and degree encodings.

## How to run it

A small graph classifier with PyTorch Geometric:

~~~python
import torch
import torch.nn.functional as F
from torch_geometric.datasets import TUDataset
from torch_geometric.loader import DataLoader
from torch_geometric.nn import GCNConv, global_mean_pool

molecules = TUDataset(root="data/TU", name="MUTAG").shuffle()
train_loader = DataLoader(molecules[:150], batch_size=32, shuffle=True)

class MoleculeNet(torch.nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.conv1 = GCNConv(molecules.num_node_features, hidden)
        self.conv2 = GCNConv(hidden, hidden)
        self.head = torch.nn.Linear(hidden, molecules.num_classes)

    def forward(self, batch):
        h = F.relu(self.conv1(batch.x, batch.edge_index))
        h = F.relu(self.conv2(h, batch.edge_index))
        return self.head(global_mean_pool(h, batch.batch))

net = MoleculeNet()
optimiser = torch.optim.Adam(net.parameters(), lr=0.01)
for epoch in range(30):
    for batch in train_loader:
        optimiser.zero_grad()
        F.cross_entropy(net(batch), batch.y).backward()
        optimiser.step()
~~~

Graph datasets on the Hub (such as graphs-datasets/MUTAG) store each graph as edge_index, node_feat and label columns, so they can be converted to PyTorch Geometric Data objects in a few lines. The transformers library includes Graphormer for graph classification, though it is now in maintenance mode.

## Practical advice
- Split molecules by scaffold, not at random, or test scores will be optimistic.
- Deep GNNs over-smooth node features; two to four layers are usually enough, with residual connections if you go deeper.
- For very large graphs, sample neighbourhoods (GraphSAGE-style) instead of loading the whole graph on the GPU.

## Resources
- [Introduction to graph machine learning (Hugging Face blog)](https://huggingface.co/blog/intro-graphml)
- [PyTorch Geometric documentation](https://pytorch-geometric.readthedocs.io/)
- [Open Graph Benchmark](https://ogb.stanford.edu/)
- [A Gentle Introduction to Graph Neural Networks (Distill)](https://distill.pub/2021/gnn-intro/)
`;
