"""The built-in scenarios and sweeps: the repository's ``content/scenarios`` and ``content/sweeps``,
compiled into the extension (python/build.rs), so an installed wheel has them anywhere.

    losslab.scenarios.ids()                          # ['gb04-s1-1mbps-10ms', …]
    sc = losslab.scenarios.load("gb04-s1-1mbps-10ms")  # a dict, ready for run() or editing
    losslab.sweep(losslab.sweeps.load("gb04-fig4-normal-vs-ld"), replications=3)

A sweep whose ``base`` is a scenario id finds it in a ``content/scenarios`` folder from its own
folder upward, as on the command line, and otherwise among these built-in scenarios.
"""

from __future__ import annotations

import json
from typing import List

from . import _core


class Builtin:
    """The built-in scenarios or sweeps (``losslab.scenarios``, ``losslab.sweeps``)."""

    def __init__(self, kind: str):
        self._kind = kind

    def ids(self) -> List[str]:
        """Every id, sorted."""
        return list(_core.builtin_ids(self._kind))

    def text(self, id: str) -> str:  # noqa: A002 - the scenario's own field name
        """The file's JSON text as the repository holds it."""
        t = _core.builtin_text(self._kind, id)
        if t is None:
            raise KeyError(f"no built-in {self._kind[:-1]} {id!r} (there are: {', '.join(self.ids())})")
        return t

    def load(self, id: str) -> dict:  # noqa: A002
        """The file as a dict (a fresh copy each call)."""
        return json.loads(self.text(id))

    def __repr__(self) -> str:
        return f"<LossLab built-in {self._kind}: {len(self.ids())}>"


scenarios = Builtin("scenarios")
sweeps = Builtin("sweeps")
