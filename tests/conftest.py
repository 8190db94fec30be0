"""Hooks of the whole suite: how many pytest-xdist workers README's command starts (tests/parallel.py)."""

from tests.parallel import pytest_xdist_auto_num_workers  # noqa: F401  (a hook pytest finds here)
