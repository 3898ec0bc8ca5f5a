"""LossLab from Python: a deterministic packet-level simulator of TCP over lossy links.

The simulator is the Rust core (``sim-core``) compiled into ``losslab._core``; this package only
converts between Python values and the core's JSON and CSV (docs/design.md §D4 scenarios and sweeps, §D6
CSV), so every number and CSV byte equals what ``losslab run`` / ``losslab sweep`` produce.

- :func:`run` — one scenario to its end → :class:`Result` (``.summary``, ``.series`` DataFrames),
  optionally with a classifier or congestion control of your own (``classifier=``, ``cc=``;
  :class:`CodeError` when it fails);
- :func:`validate` — raise :class:`ScenarioError` with the simulator's problems (paths included);
- :func:`fit_ge` — a bursty-loss model fitted to a measured per-packet loss trace;
- :func:`catalog` — every TCP variant, classifier, queue, error model, profile and option;
- :data:`scenarios`, :data:`sweeps` — the built-in scenarios and sweeps (``.ids()``, ``.load(id)``);
- :func:`sweep` — plan a sweep, map its runs over any ``concurrent.futures.Executor`` (a local
  process pool by default, ``dask.distributed.Client.get_executor()`` on a cluster) and aggregate
  them with the CLI's code.
"""

from ._api import CodeError, Result, ScenarioError, catalog, fit_ge, run, validate
from ._builtin import scenarios, sweeps
from ._sweep import sweep
from ._core import version as _version

__version__ = _version()

__all__ = ["CodeError", "Result", "ScenarioError", "catalog", "fit_ge", "run", "scenarios", "sweep", "sweeps", "validate",
           "__version__"]
