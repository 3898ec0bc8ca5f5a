"""The example notebook docs/notebooks/gb04-fig4.ipynb runs top to bottom (reduced replications
through LOSSLAB_REPLICATIONS) and draws its figure."""

import nbformat
from nbclient import NotebookClient


def test_gb04_fig4_notebook(repo, monkeypatch):
    path = repo / "docs" / "notebooks" / "gb04-fig4.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), \
        "commit the notebook with its outputs cleared"
    monkeypatch.setenv("LOSSLAB_REPLICATIONS", "2")
    monkeypatch.delenv("MPLBACKEND", raising=False)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not any(o.output_type == "error" for o in outputs)
    assert any("image/png" in o.get("data", {}) for o in outputs), "the figure was not drawn"
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "14 points × 2 replications" in text
