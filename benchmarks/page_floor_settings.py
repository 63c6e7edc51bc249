"""Settings of ``standings_bench.py``'s server: Atout's, with the cached page's floor mounted."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.page_floor_urls"
