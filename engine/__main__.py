"""``python -m engine``: the engine's JSON command line (see engine/cli.py, docs/engine.md)."""

import sys

from engine.cli import main

if __name__ == "__main__":
    sys.exit(main())
