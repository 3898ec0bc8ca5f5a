"""Every ```python block of python/README.md runs as written, in order, in one namespace, from a
scratch folder whose `content/` is the repository's (the examples name content files by their
repository paths and write `fig4.csv` to the working folder)."""

import contextlib
import io
import os
import re


def test_readme_examples_run(repo, tmp_path, monkeypatch):
    text = (repo / "python" / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 2, "the README has its examples"
    (tmp_path / "content").symlink_to(repo / "content")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "readme"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for i, block in enumerate(blocks):
            exec(compile(block, f"README.md python block {i + 1}", "exec"), namespace)
    # What the examples say they give.
    assert namespace["r7"].seed == 7
    assert str(namespace["r"].series["entity"].dtype) == "category"
    assert 'flows[0].tcp.cc: unknown value "bogus"' in printed.getvalue()
    assert os.path.exists("fig4.csv") and os.path.exists("fig4.csv.meta.json")
    assert set(namespace["df"]["n"]) == {2}   # the Dask example's 2 replications
    assert namespace["board"].iloc[0, 0] == "oracle" and os.path.exists("board.csv.meta.json")
    assert namespace["fit"]["bursty"] is True and namespace["r_fit"].summary.loc[0, "bytes_delivered"] > 0
