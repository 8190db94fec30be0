"""Hooks of the whole suite: how many pytest-xdist workers README's command starts (tests/parallel.py), and the
learners' numba kernels compiled once before they start (tests/numba_warmup.py)."""

from tests.parallel import pytest_xdist_auto_num_workers  # noqa: F401  (a hook pytest finds here)


def pytest_configure(config) -> None:
    """In pytest's first process only (not in a worker): compile the numba kernels into their on-disk cache, so
    that the workers and the Streamlit servers they start load them instead of each compiling them again."""
    if hasattr(config, "workerinput") or config.getoption("collectonly", False):
        return
    from tests.numba_warmup import compile_kernels

    compile_kernels()
