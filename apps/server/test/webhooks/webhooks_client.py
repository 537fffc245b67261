"""Drives the official huggingface_hub webhook methods against a ModelHub (HF_ENDPOINT, MODELHUB_PY_TOKEN)."""

import os
import sys

from huggingface_hub import HfApi, WebhookInfo, WebhookWatchedItem
from huggingface_hub.utils import HfHubHTTPError

api = HfApi(endpoint=os.environ["HF_ENDPOINT"], token=os.environ["MODELHUB_PY_TOKEN"])
url = os.environ["MODELHUB_PY_WEBHOOK_URL"]
watched = [WebhookWatchedItem(type="user", name="julien-c"), {"type": "org", "name": "HuggingFaceH4"}]

created = api.create_webhook(url=url, watched=watched, domains=["repo", "discussion"], secret="my-secret")
assert isinstance(created, WebhookInfo), created
assert created.url == url and created.secret == "my-secret" and not created.disabled, created
assert [(w.type, w.name) for w in created.watched] == [("user", "julien-c"), ("org", "HuggingFaceH4")], created
assert created.domains == ["repo", "discussion"], created

got = api.get_webhook(created.id)
assert got.id == created.id and got.url == url, got
assert any(w.id == created.id for w in api.list_webhooks())

updated = api.update_webhook(created.id, url=url + "/new", watched=watched, domains=["repo"], secret="other")
assert updated.url == url + "/new" and updated.domains == ["repo"] and updated.secret == "other", updated

assert api.disable_webhook(created.id).disabled
assert not api.enable_webhook(created.id).disabled

api.delete_webhook(created.id)
try:
    api.get_webhook(created.id)
except HfHubHTTPError as err:
    assert err.response.status_code == 404, err
else:
    sys.exit("get_webhook of a deleted webhook did not fail")

try:
    api.create_webhook(url="http://169.254.169.254/latest", watched=watched)
except HfHubHTTPError as err:
    assert err.response.status_code == 400 and "private address" in str(err), err
else:
    sys.exit("a metadata address was accepted")

print("webhooks ok")
