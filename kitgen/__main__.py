"""`python -m kitgen` and the `kitgen` command."""

import gc

# Start-up makes thousands of objects (classes, functions, code) and no garbage: the
# cycle collector would only scan them again and again while kitgen and its libraries
# import. It is back on before the command runs (the build turns it off itself).
_collecting = gc.isenabled()
gc.disable()
from .cli import main  # noqa: E402

if _collecting:
    gc.enable()

if __name__ == "__main__":
    main()
