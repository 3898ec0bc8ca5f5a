"""The example notebook docs/notebooks/gb04-fig4.ipynb runs top to bottom under papermill with its
parameters cell overridden (2 replications, as `papermill … -p REPLICATIONS 2` would) and draws
its figure."""

import nbformat
import papermill as pm


def test_gb04_fig4_notebook_takes_papermill_parameters(repo, tmp_path, monkeypatch):
    path = repo / "docs" / "notebooks" / "gb04-fig4.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), \
        "commit the notebook with its outputs cleared"
    assert any("parameters" in c.metadata.get("tags", []) for c in nb.cells), \
        "papermill needs a cell tagged 'parameters'"
    monkeypatch.delenv("MPLBACKEND", raising=False)
    out = tmp_path / "out.ipynb"
    pm.execute_notebook(str(path), str(out), parameters={"REPLICATIONS": 2}, cwd=str(path.parent),
                        kernel_name="python3", progress_bar=False)
    ran = nbformat.read(out, as_version=4)
    outputs = [o for c in ran.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not any(o.output_type == "error" for o in outputs)
    assert any("image/png" in o.get("data", {}) for o in outputs), "the figure was not drawn"
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "14 points × 2 replications" in text
