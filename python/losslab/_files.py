"""Files the package writes: never over one of the call's inputs, and never half-written.

The rule of ``losslab`` on the command line (sim-core/src/cli/guard.rs): an output that is
the same file as an input is refused before any work. "The same file" is decided by the file
system: an existing regular file by its device and inode (so a symbolic link, a hard link or
another spelling of the path is caught), a new one by its real folder and its name. Devices and
FIFOs are written in place and never compared. The text is written to a temporary file with a
name of its own beside the target, then renamed over it.
"""

from __future__ import annotations

import os
import stat
import tempfile
from typing import Optional, Sequence, Tuple, Union

PathLike = Union[str, "os.PathLike[str]"]


def _identity(path: PathLike) -> Optional[Tuple]:
    p = os.fspath(path)
    try:
        st = os.stat(p)
    except OSError:
        folder, name = os.path.split(p)
        return ("new", os.path.join(os.path.realpath(folder or "."), name))
    if stat.S_ISREG(st.st_mode):
        return ("file", st.st_dev, st.st_ino)
    return None


def check_output(out: PathLike, inputs: Sequence[PathLike]) -> None:
    """Raise ``ValueError`` when ``out`` is the same file as one of ``inputs``."""
    mine = _identity(out)
    if mine is None:
        return
    for i in inputs:
        if _identity(i) == mine:
            raise ValueError(
                f"out: {os.fspath(out)} is the same file as the input {os.fspath(i)}; writing it "
                "would replace the input, so nothing was written (choose another output file)"
            )


def write_replacing(out: PathLike, text: str) -> None:
    """Write ``text`` to ``out``: a regular file through a temporary file and a rename, a
    device or FIFO in place."""
    p = os.fspath(out)
    if os.path.exists(p) and not os.path.isfile(p):
        with open(p, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        return
    target = os.path.realpath(p)
    folder, name = os.path.split(target)
    fd, temp = tempfile.mkstemp(prefix=f".{name}.tmp-", dir=folder or ".")
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(temp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
