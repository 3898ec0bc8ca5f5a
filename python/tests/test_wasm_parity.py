"""Same scenario and seed → the same summary CSV from Python and from the wasm build the lab runs
(loaded in Node exactly as the worker loads it). Needs the wasm glue of `npm test`'s setup
(web/src/sim/worker/pkg, or LOSSLAB_WASM_PKG) and node on PATH; skipped without them."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import losslab

NODE_SCRIPT = """
import { readFileSync } from 'node:fs';
import { initSync, WasmSim } from %(glue)s;
initSync({ module: readFileSync(%(wasm)s) });
const sim = new WasmSim(readFileSync(0, 'utf8'));
while (!sim.runUntil(sim.stopMs(), 20000)) sim.takePoints();
process.stdout.write(sim.summaryCsv());
"""


def test_python_summary_equals_wasm(repo, tmp_path):
    pkg = Path(os.environ.get("LOSSLAB_WASM_PKG", repo / "web" / "src" / "sim" / "worker" / "pkg"))
    node = shutil.which("node")
    if not (pkg / "losslab_wasm.js").exists() or node is None:
        pytest.skip("no wasm build (npm test's setup builds it) or no node")
    script = tmp_path / "run.mjs"
    script.write_text(NODE_SCRIPT % {"glue": json.dumps((pkg / "losslab_wasm.js").as_uri()),
                                     "wasm": json.dumps(str(pkg / "losslab_wasm_bg.wasm"))})
    for sid in ["gb04-s1-1mbps-10ms", "gb04-s1-1mbps-10ms-ld"]:
        text = (repo / "content" / "scenarios" / f"{sid}.json").read_text()
        wasm = subprocess.run([node, str(script)], input=text, capture_output=True, text=True)
        assert wasm.returncode == 0, wasm.stderr
        assert losslab.run(text).summary_csv == wasm.stdout
