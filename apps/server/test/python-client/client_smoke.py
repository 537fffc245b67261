"""Drives the official huggingface_hub client against a running ModelHub through its public API only.

Environment: HF_ENDPOINT (the hub), MODELHUB_PY_TOKEN (a write token of MODELHUB_PY_USER),
MODELHUB_PY_OTHER_TOKEN (a read token of another user), MODELHUB_PY_CONTRIBUTOR_TOKEN (a write token of a
third user, who cannot write to MODELHUB_PY_USER's repos), MODELHUB_PY_TAG (makes repo names unique).
Prints one line per check; exits 1 on the first failure with what was expected and what came back.
"""

import inspect
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import traceback
import warnings


def _filelock_shim() -> None:
    """Debian's filelock predates the `mode=` keyword huggingface_hub 1.x passes; drop it (tests only)."""
    import inspect

    import filelock


    if "mode" in inspect.signature(filelock.FileLock.__init__).parameters:
        return
    base = filelock.FileLock

    class FileLock(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args, mode=None, **kwargs):  # noqa: ARG002
            super().__init__(*args, **kwargs)

    filelock.FileLock = FileLock


_filelock_shim()

import huggingface_hub  # noqa: E402
from huggingface_hub import (  # noqa: E402
    CommitOperationAdd,
    CommitOperationCopy,
    CommitOperationDelete,
    HfApi,
    HfFileSystem,
    hf_hub_download,
    snapshot_download,
)
from huggingface_hub.errors import (  # noqa: E402
    EntryNotFoundError,
    GatedRepoError,
    HfHubHTTPError,
    RepositoryNotFoundError,
    RevisionNotFoundError,
)

ENDPOINT = os.environ["HF_ENDPOINT"].rstrip("/")
TOKEN = os.environ["MODELHUB_PY_TOKEN"]
USER = os.environ["MODELHUB_PY_USER"]
OTHER_TOKEN = os.environ["MODELHUB_PY_OTHER_TOKEN"]
CONTRIBUTOR_TOKEN = os.environ["MODELHUB_PY_CONTRIBUTOR_TOKEN"]
TAG = os.environ.get("MODELHUB_PY_TAG", "smoke")
VERSION = huggingface_hub.__version__

api = HfApi(endpoint=ENDPOINT, token=TOKEN)
other = HfApi(endpoint=ENDPOINT, token=OTHER_TOKEN)
REPO = f"{USER}/py-{TAG}"
passed = 0


class CheckFailed(Exception):
    pass


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def expect_raises(kind, call, *args, status=None, contains=None, **kwargs):
    """Runs `call` and returns the exception it raised, which must be a `kind` (and carry `status`)."""
    try:
        call(*args, **kwargs)
    except kind as error:
        if status is not None:
            got = getattr(getattr(error, "response", None), "status_code", None)
            expect(got == status, f"{kind.__name__}: expected HTTP {status}, got {got}: {error}")
        if contains is not None:
            expect(contains in str(error), f"{kind.__name__} does not carry {contains!r}: {error}")
        return error
    except Exception as error:  # noqa: BLE001
        raise CheckFailed(f"expected {kind.__name__}, got {type(error).__name__}: {error}") from error
    raise CheckFailed(f"expected {kind.__name__}, nothing was raised")


def check(name):
    def run(fn):
        global passed
        try:
            fn()
        except Exception as error:  # noqa: BLE001
            print(f"FAIL [{VERSION}] {name}: {type(error).__name__}: {error}", flush=True)
            if not isinstance(error, CheckFailed):
                traceback.print_exc()
            sys.exit(1)
        passed += 1
        print(f"ok   [{VERSION}] {name}", flush=True)
        return fn

    return run


README = "---\nlicense: apache-2.0\nlibrary_name: transformers\npipeline_tag: text-generation\ntags:\n- smoke\n---\n# Smoke\n"
WEIGHTS = bytes(range(256)) * 4096  # 1 MiB, binary: goes through LFS
work = tempfile.mkdtemp(prefix="modelhub-py-")


def local(path: str, data: bytes) -> None:
    full = os.path.join(work, "folder", path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as handle:
        handle.write(data)


@check("whoami")
def _():
    me = api.whoami()
    expect(me["name"] == USER, f"whoami name {me.get('name')!r} != {USER!r}")


@check("create_repo, again with exist_ok, again without (409)")
def _():
    url = api.create_repo(REPO)
    expect(url.repo_id == REPO, f"RepoUrl.repo_id {url.repo_id!r}")
    api.create_repo(REPO, exist_ok=True)
    expect_raises(HfHubHTTPError, api.create_repo, REPO, status=409)


@check("repo_exists")
def _():
    expect(api.repo_exists(REPO), "repo_exists is False for a new repo")
    expect(not api.repo_exists(f"{USER}/no-such-repo-{TAG}"), "repo_exists is True for a missing repo")


@check("upload_folder with README, nested files, allow/ignore patterns")
def _():
    local("README.md", README.encode())
    local("config.json", b'{"model_type": "llama"}')
    local("model.safetensors", WEIGHTS)
    local("sub/dir/notes.txt", b"nested\n")
    local("sub/skip.log", b"ignored\n")
    local("scratch/tmp.bin", b"not allowed\n")
    info = api.upload_folder(
        repo_id=REPO,
        folder_path=os.path.join(work, "folder"),
        allow_patterns=["*.md", "*.json", "*.safetensors", "sub/**"],
        ignore_patterns=["*.log"],
        commit_message="first upload",
    )
    expect(len(info.oid) == 40, f"commit oid {info.oid!r}")
    files = sorted(api.list_repo_files(REPO))
    want = [".gitattributes", "README.md", "config.json", "model.safetensors", "sub/dir/notes.txt"]
    expect(files == want, f"list_repo_files {files} != {want}")


@check("upload_file (bytes and file object), README with invalid YAML refused (ValueError)")
def _():
    api.upload_file(path_or_fileobj=b"hello\n", path_in_repo="docs/hello.txt", repo_id=REPO)
    api.upload_file(path_or_fileobj=io.BytesIO(b"from a buffer\n"), path_in_repo="docs/buffer.txt", repo_id=REPO)
    expect_raises(ValueError, api.upload_file, path_or_fileobj=b"---\nkey: [unclosed\n---\n", path_in_repo="README.md", repo_id=REPO)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        api.upload_file(path_or_fileobj=b"# no metadata\n", path_in_repo="README.md", repo_id=REPO)
    api.upload_file(path_or_fileobj=README.encode(), path_in_repo="README.md", repo_id=REPO)


@check("file_exists, revision_exists")
def _():
    expect(api.file_exists(REPO, "sub/dir/notes.txt"), "file_exists False for a file")
    expect(not api.file_exists(REPO, "sub/dir/missing.txt"), "file_exists True for a missing file")
    expect(api.revision_exists(REPO, "main"), "revision_exists False for main")
    expect(not api.revision_exists(REPO, "no-such-branch"), "revision_exists True for a missing branch")


@check("hf_hub_download (branch and commit), byte-identical")
def _():
    cache = tempfile.mkdtemp()
    path = hf_hub_download(REPO, "model.safetensors", endpoint=ENDPOINT, token=TOKEN, cache_dir=cache)
    with open(path, "rb") as handle:
        expect(handle.read() == WEIGHTS, "downloaded LFS file differs")
    sha = api.model_info(REPO).sha
    path = hf_hub_download(REPO, "sub/dir/notes.txt", revision=sha, endpoint=ENDPOINT, token=TOKEN, cache_dir=cache)
    with open(path, "rb") as handle:
        expect(handle.read() == b"nested\n", "downloaded regular file differs")


@check("snapshot_download with allow_patterns")
def _():
    folder = snapshot_download(REPO, allow_patterns=["*.json", "docs/*"], endpoint=ENDPOINT, token=TOKEN, cache_dir=tempfile.mkdtemp())
    found = sorted(
        os.path.relpath(os.path.join(root, name), folder) for root, _, names in os.walk(folder) for name in names
    )
    expect(found == ["config.json", "docs/buffer.txt", "docs/hello.txt"], f"snapshot files {found}")
    folder = snapshot_download(REPO, allow_patterns=["sub/**"], local_dir=os.path.join(work, "snap"), endpoint=ENDPOINT, token=TOKEN)
    expect(os.path.isfile(os.path.join(folder, "sub", "dir", "notes.txt")), "sub/** did not fetch the nested file")


@check("list_repo_tree (recursive, expand) and get_paths_info")
def _():
    top = sorted(entry.path for entry in api.list_repo_tree(REPO))
    expect("sub" in top and "sub/dir/notes.txt" not in top, f"non-recursive tree {top}")
    entries = {entry.path: entry for entry in api.list_repo_tree(REPO, recursive=True, expand=True)}
    expect("sub/dir/notes.txt" in entries, f"recursive tree lacks the nested file: {sorted(entries)}")
    weights = entries["model.safetensors"]
    expect(weights.lfs is not None and weights.lfs.size == len(WEIGHTS), f"LFS info {weights.lfs}")
    expect(weights.last_commit is not None and weights.last_commit.title == "first upload", f"last_commit {weights.last_commit}")
    infos = {info.path: info for info in api.get_paths_info(REPO, ["config.json", "sub", "missing.txt"])}
    expect(sorted(infos) == ["config.json", "sub"], f"paths-info {sorted(infos)}")
    expect(type(infos["sub"]).__name__ == "RepoFolder", f"sub is a {type(infos['sub']).__name__}")


@check("create_commit with Add / Delete / Copy (LFS and regular)")
def _():
    api.create_commit(
        REPO,
        operations=[
            CommitOperationAdd(path_in_repo="added.txt", path_or_fileobj=b"added\n"),
            CommitOperationDelete(path_in_repo="docs/buffer.txt"),
            CommitOperationCopy(src_path_in_repo="model.safetensors", path_in_repo="copies/model.safetensors"),
            CommitOperationCopy(src_path_in_repo="config.json", path_in_repo="copies/config.json"),
        ],
        commit_message="add, delete, copy",
    )
    files = set(api.list_repo_files(REPO))
    expect({"added.txt", "copies/model.safetensors", "copies/config.json"} <= files, f"files after commit {sorted(files)}")
    expect("docs/buffer.txt" not in files, "deleted file is still there")
    path = hf_hub_download(REPO, "copies/model.safetensors", endpoint=ENDPOINT, token=TOKEN, cache_dir=tempfile.mkdtemp())
    with open(path, "rb") as handle:
        expect(handle.read() == WEIGHTS, "copied LFS file differs")


@check("create_commit with a stale parent_commit (412)")
def _():
    commits = api.list_repo_commits(REPO)
    stale = commits[-1].commit_id
    expect_raises(
        HfHubHTTPError,
        api.create_commit,
        REPO,
        operations=[CommitOperationAdd(path_in_repo="late.txt", path_or_fileobj=b"late\n")],
        commit_message="late",
        parent_commit=stale,
        status=412,
    )
    api.create_commit(
        REPO,
        operations=[CommitOperationAdd(path_in_repo="on-time.txt", path_or_fileobj=b"ok\n")],
        commit_message="on time",
        parent_commit=commits[0].commit_id,
    )


@check("list_repo_commits")
def _():
    commits = api.list_repo_commits(REPO)
    titles = [commit.title for commit in commits]
    expect(titles[0] == "on time" and "first upload" in titles, f"commit titles {titles}")
    expect(all(len(commit.commit_id) == 40 for commit in commits), "commit ids are not 40 hex digits")


@check("create_branch (from a revision, exist_ok), list_repo_refs (include_pull_requests), tags, delete_branch")
def _():
    first = api.list_repo_commits(REPO)[-1].commit_id
    api.create_branch(REPO, branch="dev", revision=first)
    api.create_branch(REPO, branch="dev", exist_ok=True)
    expect_raises(HfHubHTTPError, api.create_branch, REPO, branch="dev", status=409)
    api.create_tag(REPO, tag="v1.0", tag_message="first release")
    refs = api.list_repo_refs(REPO, include_pull_requests=True)
    branches = {ref.name: ref.target_commit for ref in refs.branches}
    expect(set(branches) == {"main", "dev"}, f"branches {branches}")
    expect(branches["dev"] == first, "dev does not start at the given revision")
    expect([tag.name for tag in refs.tags] == ["v1.0"], f"tags {refs.tags}")
    expect(list(refs.pull_requests or []) == [], f"pull requests {refs.pull_requests}")
    expect(not api.file_exists(REPO, "added.txt", revision="dev"), "dev has files from after its start")
    expect(api.file_exists(REPO, "added.txt", revision="v1.0"), "tag does not read")
    api.delete_tag(REPO, tag="v1.0")
    api.delete_branch(REPO, branch="dev")
    refs = api.list_repo_refs(REPO)
    expect([ref.name for ref in refs.branches] == ["main"] and not refs.tags, f"refs after deletes {refs}")
    expect_raises(RevisionNotFoundError, api.delete_branch, REPO, branch="dev")


@check("delete_file, delete_folder")
def _():
    api.delete_file("added.txt", REPO)
    api.delete_folder("copies", REPO)
    files = set(api.list_repo_files(REPO))
    expect("added.txt" not in files and not any(f.startswith("copies/") for f in files), f"files {sorted(files)}")
    expect_raises(EntryNotFoundError, api.delete_file, "added.txt", REPO)


def safetensors_bytes(tensors: dict) -> bytes:
    """A minimal, valid safetensors file: little-endian header length, JSON header, zeroed data."""
    header, offset = {}, 0
    for name, (dtype, shape, width) in tensors.items():
        size = width
        for dim in shape:
            size *= dim
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    encoded = json.dumps(header).encode()
    encoded += b" " * (-len(encoded) % 8)
    return struct.pack("<Q", len(encoded)) + encoded + bytes(offset)


@check("transformers-style folder (shards + index + tokenizer): upload_folder, snapshot_download byte-identical")
def _():
    repo = f"{REPO}-tf"
    api.create_repo(repo)
    shard1 = safetensors_bytes({"embed.weight": ("BF16", [64, 32], 2)})
    shard2 = safetensors_bytes({"lm_head.weight": ("BF16", [64, 32], 2), "norm.weight": ("F32", [32], 4)})
    index = {
        "metadata": {"total_size": 64 * 32 * 2 * 2 + 32 * 4},
        "weight_map": {
            "embed.weight": "model-00001-of-00002.safetensors",
            "lm_head.weight": "model-00002-of-00002.safetensors",
            "norm.weight": "model-00002-of-00002.safetensors",
        },
    }
    folder = {
        "README.md": README.encode(),
        "config.json": json.dumps({"architectures": ["LlamaForCausalLM"], "model_type": "llama"}).encode(),
        "generation_config.json": b'{"do_sample": true}',
        "model-00001-of-00002.safetensors": shard1,
        "model-00002-of-00002.safetensors": shard2,
        "model.safetensors.index.json": json.dumps(index).encode(),
        "tokenizer.json": json.dumps({"version": "1.0", "model": {"type": "BPE", "vocab": {"a": 0}}}).encode(),
        "tokenizer_config.json": b'{"bos_token": "<s>", "eos_token": "</s>"}',
        "special_tokens_map.json": b'{"bos_token": "<s>"}',
    }
    source = os.path.join(work, "tf")
    for name, data in folder.items():
        os.makedirs(source, exist_ok=True)
        with open(os.path.join(source, name), "wb") as handle:
            handle.write(data)
    api.upload_folder(repo_id=repo, folder_path=source, commit_message="transformers folder")
    target = snapshot_download(repo, local_dir=os.path.join(work, "tf-back"), endpoint=ENDPOINT, token=TOKEN)
    for name, data in folder.items():
        with open(os.path.join(target, name), "rb") as handle:
            expect(handle.read() == data, f"{name} came back different")
    info = api.model_info(repo)
    expect(info.pipeline_tag == "text-generation" and info.library_name == "transformers", f"card metadata {info.pipeline_tag} {info.library_name}")
    lfs = {entry.path for entry in api.list_repo_tree(repo) if getattr(entry, "lfs", None)}
    expect({"model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"} <= lfs, f"LFS files {sorted(lfs)}")


@check("safetensors and listings: model_info().safetensors, get_safetensors_metadata (sharded), list_models(search words, filter, apps, num_parameters)")
def _():
    repo = f"{REPO}-tf"
    info = api.model_info(repo)
    counts = info.safetensors
    expect(counts is not None, "model_info().safetensors is None")
    expect(counts.parameters == {"BF16": 4096, "F32": 32} and counts.total == 4128, f"safetensors {counts}")
    meta = api.get_safetensors_metadata(repo)
    expect(meta.sharded and meta.parameter_count == {"BF16": 4096, "F32": 32}, f"metadata {meta}")
    expect(set(meta.files_metadata) == {"model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"}, f"files {list(meta.files_metadata)}")
    by_words = [m.id for m in api.list_models(search=f"tf {TAG}", author=USER)]
    expect(by_words == [repo], f"multi-word search {by_words}")
    by_tag = [m.id for m in api.list_models(filter="safetensors", author=USER, search=f"{TAG}-tf")]
    expect(by_tag == [repo], f"filter=safetensors {by_tag}")
    if "apps" in inspect.signature(api.list_models).parameters:
        expect(list(api.list_models(apps="llama.cpp", author=USER)) == [], "apps=llama.cpp found a model without GGUF")
    if "num_parameters" not in inspect.signature(api.list_models).parameters:
        print(f"note [{VERSION}] this version's list_models has no num_parameters", flush=True)
        return
    found = [m.id for m in api.list_models(author=USER, num_parameters="min:4K,max:5K")]
    expect(found == [repo], f"num_parameters listing {found}")
    expect_raises(HfHubHTTPError, lambda: list(api.list_models(num_parameters="between:1B")), status=400, contains="num_parameters")


@check("create_pr=True: refs/pr/N listed by list_repo_refs, readable as a revision; upload to a branch")
def _():
    info = api.upload_file(path_or_fileobj=b"proposal\n", path_in_repo="proposal.txt", repo_id=REPO, create_pr=True)
    expect(info.pr_num is not None and info.pr_revision == f"refs/pr/{info.pr_num}", f"PR info {info.pr_url} {info.pr_revision}")
    prs = api.list_repo_refs(REPO, include_pull_requests=True).pull_requests
    expect(any(ref.ref == info.pr_revision for ref in prs), f"pull requests {prs}")
    expect(api.file_exists(REPO, "proposal.txt", revision=info.pr_revision), "PR file not readable at its ref")
    expect(not api.file_exists(REPO, "proposal.txt"), "PR file landed on main")
    api.create_branch(REPO, branch="feature")
    api.upload_file(path_or_fileobj=b"feature\n", path_in_repo="feature.txt", repo_id=REPO, revision="feature")
    expect(api.file_exists(REPO, "feature.txt", revision="feature") and not api.file_exists(REPO, "feature.txt"), "branch upload")
    api.create_tag(REPO, tag="feature-tag", revision="feature")
    path = hf_hub_download(REPO, "feature.txt", revision="feature-tag", endpoint=ENDPOINT, token=TOKEN, cache_dir=tempfile.mkdtemp())
    with open(path, "rb") as handle:
        expect(handle.read() == b"feature\n", "download at a tag")
    api.delete_tag(REPO, tag="feature-tag")
    api.delete_branch(REPO, branch="feature")


@check("discussions and pull requests: a non-writer opens a PR with an LFS file, comments; the owner reviews and merges")
def _():
    contributor = HfApi(endpoint=ENDPOINT, token=CONTRIBUTOR_TOKEN)
    repo = f"{REPO}-community"
    api.create_repo(repo)
    api.upload_file(path_or_fileobj=b"# Card\n\nteh model\n", path_in_repo="README.md", repo_id=repo)
    expect_raises(HfHubHTTPError, contributor.upload_file, path_or_fileobj=b"x", path_in_repo="x.txt", repo_id=repo, status=403)
    weights = safetensors_bytes({"w": ("F32", [16], 4)})
    commit = contributor.create_commit(
        repo,
        operations=[
            CommitOperationAdd("README.md", b"# Card\n\nthe model\n"),
            CommitOperationAdd("model.safetensors", weights),
        ],
        commit_message="Fix the card, add weights",
        create_pr=True,
    )
    num = commit.pr_num
    expect(num is not None, f"no PR number in {commit}")
    contributor.comment_discussion(repo, num, "Ready for review")
    listed = list(api.get_repo_discussions(repo, discussion_type="pull_request", discussion_status="open"))
    expect([d.num for d in listed] == [num] and listed[0].author == "pycontrib", f"open PRs {listed}")
    details = api.get_discussion_details(repo, num)
    # as on the Hub, a pull request made through the API starts as a draft; its author marks it ready
    expect(details.is_pull_request and details.status == "draft", f"details {details.status}")
    contributor.change_discussion_status(repo, num, "open")
    details = api.get_discussion_details(repo, num)
    expect(details.status == "open", f"after marking it ready: {details.status}")
    expect("README.md" in (details.diff or "") and "the model" in details.diff, "PR diff lacks the README change")
    expect(any(getattr(e, "content", "") == "Ready for review" for e in details.events), "comment not in events")
    api.merge_pull_request(repo, num, comment="Thanks!")
    expect(api.get_discussion_details(repo, num).status == "merged", "PR not merged")
    card = hf_hub_download(repo, "README.md", endpoint=ENDPOINT, token=TOKEN, cache_dir=tempfile.mkdtemp())
    with open(card, "rb") as handle:
        expect(handle.read() == b"# Card\n\nthe model\n", "merged card differs")
    expect(api.model_info(repo).safetensors.total == 16, "metadata not derived after merge")
    question = contributor.create_discussion(repo, title="Which license?", description="Is it MIT?")
    comment = contributor.comment_discussion(repo, question.num, "typo here")
    contributor.edit_discussion_comment(repo, question.num, comment.id, "fixed text")
    api.rename_discussion(repo, question.num, "License question")
    api.change_discussion_status(repo, question.num, "closed", comment="Answered in the card")
    closed = api.get_discussion_details(repo, question.num)
    expect(closed.title == "License question" and closed.status == "closed", f"discussion {closed.title} {closed.status}")
    expect_raises(HfHubHTTPError, contributor.merge_pull_request, repo, question.num, status=403)
    api.delete_repo(repo)


@check("delete_files with patterns, upload_folder with delete_patterns, preupload_lfs_files + create_commit, list_lfs_files")
def _():
    api.upload_folder(repo_id=REPO, folder_path=os.path.join(work, "folder", "sub"), path_in_repo="many", allow_patterns=["dir/*"])
    api.upload_file(path_or_fileobj=b"1", path_in_repo="many/one.log", repo_id=REPO)
    api.upload_file(path_or_fileobj=b"2", path_in_repo="many/two.log", repo_id=REPO)
    api.delete_files(REPO, delete_patterns=["many/*.log"])
    files = set(api.list_repo_files(REPO))
    expect("many/dir/notes.txt" in files and not any(f.endswith(".log") for f in files), f"after delete_files {sorted(files)}")
    local("replacement/fresh.txt", b"fresh\n")
    api.upload_folder(repo_id=REPO, folder_path=os.path.join(work, "folder", "replacement"), path_in_repo="many", delete_patterns=["**"])
    many = sorted(f for f in api.list_repo_files(REPO) if f.startswith("many/"))
    expect(many == ["many/fresh.txt"], f"upload_folder delete_patterns left {many}")
    addition = CommitOperationAdd(path_in_repo="many/pre.bin", path_or_fileobj=WEIGHTS[:300_000])
    api.preupload_lfs_files(REPO, additions=[addition])
    api.create_commit(REPO, operations=[addition], commit_message="preuploaded")
    lfs = {item.oid: item for item in api.list_lfs_files(REPO)}
    expect(addition.upload_info.sha256.hex() in lfs, f"list_lfs_files lacks the preuploaded object: {sorted(lfs)}")
    expect(lfs[addition.upload_info.sha256.hex()].size == 300_000, "list_lfs_files size")
    api.delete_folder("many", REPO)


@check("upload_large_folder")
def _():
    repo = f"{REPO}-large"
    source = os.path.join(work, "large")
    for index in range(25):
        os.makedirs(os.path.join(source, "part"), exist_ok=True)
        with open(os.path.join(source, "part", f"f{index:02}.txt"), "wb") as handle:
            handle.write(f"file {index}\n".encode())
    with open(os.path.join(source, "weights.bin"), "wb") as handle:
        handle.write(WEIGHTS)
    api.create_repo(repo)
    api.upload_large_folder(repo, source, repo_type="model", num_workers=2, print_report=False)
    files = set(api.list_repo_files(repo))
    expect({"weights.bin", "part/f00.txt", "part/f24.txt"} <= files and len(files) == 27, f"large folder files {len(files)}")
    api.delete_repo(repo)


@check("dataset repo: create, upload, dataset_info, hf_hub_download, HfFileSystem datasets/ paths")
def _():
    api.create_repo(REPO, repo_type="dataset")
    api.upload_file(path_or_fileobj=b"a,b\n1,2\n", path_in_repo="data/train.csv", repo_id=REPO, repo_type="dataset")
    expect(len(api.dataset_info(REPO).sha) == 40, "dataset_info sha")
    path = hf_hub_download(REPO, "data/train.csv", repo_type="dataset", endpoint=ENDPOINT, token=TOKEN, cache_dir=tempfile.mkdtemp())
    with open(path, "rb") as handle:
        expect(handle.read() == b"a,b\n1,2\n", "dataset file")
    fs = HfFileSystem(endpoint=ENDPOINT, token=TOKEN)
    with fs.open(f"datasets/{REPO}/data/train.csv", "r") as handle:
        expect(handle.read() == "a,b\n1,2\n", "hf:// dataset read")
    with fs.open(f"datasets/{REPO}/data/more.csv", "wb") as handle:
        handle.write(b"c\n3\n")
    fs.cp_file(f"datasets/{REPO}/data/more.csv", f"datasets/{REPO}/data/copy.csv")
    expect(fs.cat(f"datasets/{REPO}/data/copy.csv") == b"c\n3\n", "HfFileSystem write + copy")
    api.delete_repo(REPO, repo_type="dataset")


@check("CommitOperationCopy of a regular file from another repo (huggingface_hub 1.x)")
def _():
    if "src_repo_id" not in getattr(CommitOperationCopy, "__dataclass_fields__", {}):
        print(f"note [{VERSION}] this version has no cross-repo copies", flush=True)
        return
    # Cross-repo copies of LFS files go through Xet (/lfs-files/duplicate with xet hashes): not supported.
    source = f"{REPO}-tf"
    api.create_commit(
        REPO,
        operations=[CommitOperationCopy(src_path_in_repo="config.json", path_in_repo="copied/config.json", src_repo_id=source, src_repo_type="model")],
        commit_message="copy across repos",
    )
    path = hf_hub_download(REPO, "copied/config.json", endpoint=ENDPOINT, token=TOKEN, cache_dir=tempfile.mkdtemp())
    with open(path, "rb") as handle:
        expect(b"LlamaForCausalLM" in handle.read(), "cross-repo copy content")
    api.delete_folder("copied", REPO)
    api.delete_repo(source)


@check("hf CLI: auth whoami, upload, download")
def _():
    shim = inspect.getsource(_filelock_shim) + "\n_filelock_shim()\n"
    code = shim + "import sys\nfrom huggingface_hub.cli.hf import main\nsys.argv = ['hf'] + sys.argv[1:]\nmain()\n"
    env = {**os.environ, "HF_TOKEN": TOKEN, "HF_ENDPOINT": ENDPOINT, "NO_COLOR": "1"}
    env.pop("HF_HUB_DISABLE_IMPLICIT_TOKEN", None)  # the CLI takes HF_TOKEN implicitly, as users run it

    def hf(*args):
        done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=300)
        expect(done.returncode == 0, f"hf {' '.join(args)} exited {done.returncode}: {done.stderr[-800:]}")
        return done.stdout

    try:
        hf("version")
    except CheckFailed as error:
        print(f"note [{VERSION}] the hf CLI does not start with this Python's packages: {str(error)[-200:]}", flush=True)
        return
    expect(USER in hf("auth", "whoami"), "hf auth whoami does not name the user")
    hf("upload", REPO, os.path.join(work, "folder", "sub"), "cli", "--commit-message", "from the CLI")
    expect(api.list_repo_commits(REPO)[0].title == "from the CLI", "CLI commit title")
    out = os.path.join(work, "cli-download")
    hf("download", REPO, "--include", "cli/*", "--local-dir", out)
    with open(os.path.join(out, "cli", "dir", "notes.txt"), "rb") as handle:
        expect(handle.read() == b"nested\n", "hf download content")
    api.delete_folder("cli", REPO)


@check("HfFileSystem: ls, glob, open/read with ranges, exists, info")
def _():
    fs = HfFileSystem(endpoint=ENDPOINT, token=TOKEN)
    names = sorted(entry["name"] for entry in fs.ls(REPO, detail=True))
    expect(f"{REPO}/config.json" in names and f"{REPO}/sub" in names, f"ls {names}")
    try:
        found = fs.glob(f"{REPO}/**/*.txt")
    except TypeError as error:
        # huggingface_hub 1.x on an older fsspec (Debian's) passes maxdepth twice: a local mismatch
        expect("maxdepth" in str(error), f"glob: {error}")
        print(f"note [{VERSION}] fs.glob needs a newer fsspec here; checked fs.find instead", flush=True)
        found = [path for path in fs.find(REPO) if path.endswith(".txt")]
    expect(f"{REPO}/sub/dir/notes.txt" in found, f"glob {found}")
    with fs.open(f"{REPO}/model.safetensors", "rb") as handle:
        handle.seek(1000)
        expect(handle.read(24) == WEIGHTS[1000:1024], "ranged read differs")
    with fs.open(f"{REPO}/config.json", "r") as handle:
        expect(handle.read() == '{"model_type": "llama"}', "text read differs")
    expect(fs.exists(f"{REPO}/sub/dir/notes.txt") and not fs.exists(f"{REPO}/nope.txt"), "exists is wrong")
    info = fs.info(f"{REPO}/model.safetensors")
    expect(info["size"] == len(WEIGHTS) and info["type"] == "file", f"info {info}")


@check("errors: RepositoryNotFoundError, RevisionNotFoundError, EntryNotFoundError, server message")
def _():
    cache = tempfile.mkdtemp()
    expect_raises(RepositoryNotFoundError, api.model_info, f"{USER}/no-such-repo-{TAG}", status=404)
    expect_raises(RepositoryNotFoundError, hf_hub_download, f"{USER}/no-such-repo-{TAG}", "x.txt", endpoint=ENDPOINT, token=TOKEN, cache_dir=cache)
    expect_raises(RevisionNotFoundError, hf_hub_download, REPO, "config.json", revision="no-such-branch", endpoint=ENDPOINT, token=TOKEN, cache_dir=cache)
    expect_raises(RevisionNotFoundError, api.list_repo_files, REPO, revision="no-such-branch")
    expect_raises(EntryNotFoundError, hf_hub_download, REPO, "missing.txt", endpoint=ENDPOINT, token=TOKEN, cache_dir=cache)
    error = expect_raises(HfHubHTTPError, api.create_branch, REPO, branch="bad..name", status=400)
    expect(error.server_message, f"no server message on {error}")
    read_only = HfApi(endpoint=ENDPOINT, token=OTHER_TOKEN)
    error = expect_raises(HfHubHTTPError, read_only.upload_file, path_or_fileobj=b"x", path_in_repo="x.txt", repo_id=REPO, status=403)
    expect(error.server_message == "This action needs a write token; this token is read-only", f"server message {error.server_message!r}")
    anonymous = HfApi(endpoint=ENDPOINT, token=False)
    error = expect_raises(HfHubHTTPError, anonymous.create_repo, f"{USER}/anonymous-{TAG}", status=401)
    expect("\n" not in error.server_message, f"header and body messages differ: {error.server_message!r}")
    expect_raises(RepositoryNotFoundError, hf_hub_download, "gpt2", "config.json", endpoint=ENDPOINT, token=False, cache_dir=cache)
    try:
        HfFileSystem(endpoint=ENDPOINT, token=False).ls(f"{USER}/no-such-repo-{TAG}")
        raise CheckFailed("HfFileSystem.ls of a missing repo did not raise")
    except FileNotFoundError:
        pass
    expect_raises(RevisionNotFoundError, api.create_tag, REPO, tag="t", revision="no-such-branch")
    expect_raises(HfHubHTTPError, api.delete_branch, REPO, branch="main", status=403)


@check("update_repo_settings: private, gated (GatedRepoError for others)")
def _():
    cache = tempfile.mkdtemp()
    api.update_repo_settings(REPO, gated="auto")
    expect(api.model_info(REPO).gated == "auto", "gated not reported")
    expect_raises(GatedRepoError, hf_hub_download, REPO, "config.json", endpoint=ENDPOINT, token=OTHER_TOKEN, cache_dir=cache, status=403)
    expect_raises(GatedRepoError, hf_hub_download, REPO, "config.json", endpoint=ENDPOINT, token=False, cache_dir=cache, status=401)
    expect_raises(GatedRepoError, other.auth_check, REPO)
    expect(other.model_info(REPO).id == REPO, "a gated repo's info is public")
    api.update_repo_settings(REPO, gated=False)
    hf_hub_download(REPO, "config.json", endpoint=ENDPOINT, token=OTHER_TOKEN, cache_dir=cache)
    api.update_repo_settings(REPO, private=True)
    expect(api.model_info(REPO).private is True, "private not reported")
    expect_raises(RepositoryNotFoundError, other.model_info, REPO)
    api.update_repo_settings(REPO, private=False)
    expect(other.model_info(REPO).private is False, "repo did not become public")


@check("super_squash_history")
def _():
    before = set(api.list_repo_files(REPO))
    api.super_squash_history(REPO, commit_message="squashed")
    commits = api.list_repo_commits(REPO)
    expect(len(commits) == 1 and commits[0].title == "squashed", f"commits after squash {[c.title for c in commits]}")
    expect(set(api.list_repo_files(REPO)) == before, "squash changed the files")


@check("move_repo (old id redirects), delete_repo")
def _():
    moved = f"{USER}/py-{TAG}-moved"
    api.move_repo(from_id=REPO, to_id=moved)
    expect(api.model_info(moved).id == moved, "moved repo info")
    expect(api.model_info(REPO).id == moved, "old id does not lead to the moved repo")
    api.delete_repo(moved)
    expect(not api.repo_exists(moved), "deleted repo still exists")
    expect_raises(RepositoryNotFoundError, api.delete_repo, moved)
    api.delete_repo(moved, missing_ok=True)


print(f"huggingface_hub {VERSION}: {passed} checks passed", flush=True)
