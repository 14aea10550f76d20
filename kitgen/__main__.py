"""`python -m kitgen` and the `kitgen` command."""

import os
import sys

if __name__ == "__main__":
    # `python -m kitgen` puts the working folder first on the import path, and a game
    # folder is often the working folder: a yaml.py, a PIL/ folder or a
    # reportlab_settings.py there would run as kitgen imports its libraries. Only the
    # standard library's modules already loaded are imported before this line.
    _here = os.path.realpath(os.getcwd())
    sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != _here]

import gc  # noqa: E402

# Start-up makes tens of thousands of long-lived objects (modules, classes, functions)
# and no garbage: the cycle collector would only scan them again and again, while
# importing and once more when the process exits (about 13 ms of a small build). So it
# is off while kitgen and its libraries import, and what they made is then frozen out
# of its sight (gc.freeze). It is back on before the command runs; the build turns it
# off itself (build.no_cycle_collection).
_collecting = gc.isenabled()
gc.disable()
from .cli import main  # noqa: E402

gc.freeze()
if _collecting:
    gc.enable()

if __name__ == "__main__":
    main()
