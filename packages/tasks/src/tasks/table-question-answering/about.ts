export const tableQuestionAnsweringAbout = `## Where it is used

### Self-service analytics
Sales or operations staff ask "what was the total revenue in March?" of a spreadsheet export instead of filing a request with the data team.

### Chat over structured records
Support bots answer questions about orders, inventory or schedules that live in small tables rather than in prose.

### Checking claims against tables
Fact-checkers verify statements like "the team scored more goals at home than away" against a league table.

## Two families of models
1. **Cell selection plus aggregation (TAPAS).** An encoder reads the flattened table and the question, scores every cell, and picks an operator (NONE, SUM, AVERAGE, COUNT). The answer is computed from the selected cells, so the model never has to write numbers itself.
2. **Sequence-to-sequence (TAPEX and general LLMs).** The table is linearised into text ("col: city | country row 1: ...") and a decoder generates the answer. Large chat models can do this zero-shot for small tables, or can be asked to write SQL or pandas code that is then executed.

For tables with thousands of rows, neither approach reads the whole thing: retrieve the relevant rows first, or let a model write a query and run it in a database.

## How to run it

The pipeline accepts a dict of columns; every value must be a string:

~~~python
from transformers import pipeline

table_qa = pipeline("table-question-answering", model="google/tapas-base-finetuned-wtq")
fleet = {
    "Vehicle": ["Van A", "Van B", "Truck C", "Truck D"],
    "Depot": ["North", "North", "South", "South"],
    "Km this week": ["812", "655", "1490", "1302"],
}
for question in ["How many km did the South depot drive?", "Which vehicle drove the least?"]:
    result = table_qa(table=fleet, query=question)
    print(question, "->", result["answer"], result.get("aggregator"))
~~~

TAPAS reports the aggregator it chose (for instance SUM) together with the selected cells, which makes answers easy to audit.

## Practical tips
- Keep column headers short and meaningful; models rely on them heavily.
- Normalise numbers (no thousands separators, consistent units) before sending the table.
- TAPAS has a 512-token limit: trim unused columns and rows.
- For conversational follow-ups ("and in April?"), use a checkpoint trained on SQA, which models question sequences.

## Resources
- [TAPAS paper: weakly supervised table parsing via pre-training](https://arxiv.org/abs/2004.02349)
- [TAPEX paper: learning a neural SQL executor](https://arxiv.org/abs/2107.07653)
- [TAPAS model documentation in transformers](https://huggingface.co/docs/transformers/model_doc/tapas)
- [WikiTableQuestions project page](https://ppasupat.github.io/WikiTableQuestions/)
`;
