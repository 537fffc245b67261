"""Uploads a CSV dataset with two splits through huggingface_hub, then reads it back through the
hub's dataset viewer API (the same routes the Hub's viewer serves). Prints `ok ...` lines."""

import json
import os
import tempfile
import time
import urllib.parse
import urllib.request

from huggingface_hub import HfApi

endpoint = os.environ["HF_ENDPOINT"]
token = os.environ["MODELHUB_PY_TOKEN"]
repo_id = f"{os.environ['MODELHUB_PY_USER']}/reviews-{os.environ['MODELHUB_PY_TAG']}"
api = HfApi(endpoint=endpoint, token=token)


def get(route, **params):
    url = f"{endpoint}/datasets-server/{route}?{urllib.parse.urlencode({'dataset': repo_id, **params})}"
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


api.create_repo(repo_id, repo_type="dataset")
with tempfile.TemporaryDirectory() as folder:
    with open(os.path.join(folder, "train.csv"), "w") as f:
        f.write("text,label\n" + "".join(f"review number {i},{i % 2}\n" for i in range(250)))
    with open(os.path.join(folder, "test.csv"), "w") as f:
        f.write("text,label\ngreat,1\nawful,0\n")
    started = time.monotonic()
    api.upload_folder(repo_id=repo_id, repo_type="dataset", folder_path=folder)

status, splits = 0, {}
for _ in range(150):
    status, splits = get("splits")
    if status == 200 and len(splits["splits"]) == 2:
        break
    time.sleep(0.1)
assert status == 200, (status, splits)
print(f"ok converted in {time.monotonic() - started:.2f}s: {[s['split'] for s in splits['splits']]}")
assert [s["split"] for s in splits["splits"]] == ["train", "test"]

status, page = get("rows", config="default", split="train", offset=200, length=100)
assert status == 200 and page["num_rows_total"] == 250 and len(page["rows"]) == 50, page
assert page["rows"][0]["row"] == {"text": "review number 200", "label": 0}
print("ok rows paged")

status, found = get("search", config="default", split="train", query="number 24")
assert status == 200 and found["num_rows_total"] == 11, found
print("ok search")

status, filtered = get("filter", config="default", split="train", where="label = 1", orderby="text DESC", length=1)
assert status == 200 and filtered["num_rows_total"] == 125, filtered
print("ok filter")

status, stats = get("statistics", config="default", split="train")
assert status == 200 and {c["column_name"]: c["column_type"] for c in stats["statistics"]} == {
    "text": "string_text",
    "label": "int",
}, stats
print("ok statistics")

body = json.dumps({"dataset": repo_id, "query": "SELECT label, count(*) AS n FROM train GROUP BY label ORDER BY label"})
request = urllib.request.Request(
    f"{endpoint}/datasets-server/sql",
    data=body.encode(),
    headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
)
with urllib.request.urlopen(request, timeout=30) as response:
    answer = json.load(response)
assert answer["rows"] == [[0, 125], [1, 125]], answer
print("ok sql")

files = api.list_repo_files(repo_id, repo_type="dataset", revision="refs/convert/parquet")
assert sorted(f for f in files if f.endswith(".parquet")) == ["default/test/0000.parquet", "default/train/0000.parquet"], files
print("ok refs/convert/parquet listed by the client")
