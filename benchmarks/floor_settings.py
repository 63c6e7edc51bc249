"""Settings of ``entry_bench.py``'s floor server: Atout's, with the floor's URLconf only."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.floor_urls"
