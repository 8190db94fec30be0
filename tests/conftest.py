"""Hooks of the whole suite: how many pytest-xdist workers README's command starts, and numba's cache warmed
once in the background while they start (tests/parallel.py)."""

from tests.parallel import (pytest_configure, pytest_unconfigure,  # noqa: F401  (hooks pytest finds here)
                            pytest_xdist_auto_num_workers)
