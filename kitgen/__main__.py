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
import importlib.util  # noqa: E402


def _load_on_first_use(name: str) -> None:
    """Register module `name` so that it runs when first used, not when imported.

    ReportLab imports Pillow's Image module as it loads (`from PIL import Image`: about
    10 ms, a sixth of a small build) and uses it only to embed raster images, as kitgen
    does only to read an image's size. The standard library's LazyLoader defers it: a
    kit without raster art never runs it, and one with art runs it when first drawn.
    """
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    loader = spec.loader if spec is not None else None
    if spec is None or loader is None or not hasattr(loader, "exec_module"):
        return  # not installed, or a loader LazyLoader cannot wrap: import as usual
    spec.loader = importlib.util.LazyLoader(loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    # `from PIL import Image` takes the package's attribute when it has one; without it,
    # the import system looks the module over and so runs it at once.
    package, _, attribute = name.rpartition(".")
    if package:
        setattr(sys.modules[package], attribute, module)


# Start-up makes tens of thousands of long-lived objects (modules, classes, functions)
# and no garbage: the cycle collector would only scan them again and again, while
# importing and once more when the process exits (about 13 ms of a small build). So it
# is off while kitgen and its libraries import, and what they made is then frozen out
# of its sight (gc.freeze). It is back on before the command runs; the build turns it
# off itself (build._no_cycle_collection).
_collecting = gc.isenabled()
gc.disable()
_load_on_first_use("PIL.Image")
from .cli import main  # noqa: E402

gc.freeze()
if _collecting:
    gc.enable()

if __name__ == "__main__":
    main()
