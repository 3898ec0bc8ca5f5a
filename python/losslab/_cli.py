"""The ``losslab`` command the wheel installs: the same command line as the native binary
(``sim_core::cli`` in the extension), so ``pip install`` alone gives ``losslab run``, ``sweep``,
``reproduce``, ``fit-ge`` and the rest, with the same output bytes and exit statuses (0 done,
2 invalid input, 1 internal error)."""

import signal
import sys

from . import _core


def main() -> None:
    # The command runs inside this interpreter. Ctrl-C stops it at once, as it stops the native
    # binary (Python's own handler would wait for the simulator to return); a reader that closes
    # the output early is handled by the command itself.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    sys.exit(_core.cli_main(["losslab", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
