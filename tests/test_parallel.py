"""README's command runs on pytest-xdist workers, but a measuring or printing run stays in one process
(tests/parallel.py)."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.parallel import WORKERS, pytest_xdist_auto_num_workers

ROOT = Path(__file__).resolve().parent.parent


def config(capture: str = "fd", markexpr: str = "not load and not proxy and not timed"):
    options = {"capture": capture, "markexpr": markexpr}
    return SimpleNamespace(getoption=options.__getitem__)


def test_readmes_command_runs_on_workers_with_groups():
    ini = configparser.ConfigParser(interpolation=None)
    ini.read(ROOT / "pytest.ini")
    addopts = shlex.split(ini["pytest"]["addopts"])
    assert addopts[addopts.index("-n") + 1] == "auto" and addopts[addopts.index("--dist") + 1] == "loadgroup"
    assert pytest_xdist_auto_num_workers(config()) == WORKERS >= 2


@pytest.mark.parametrize("capture, markexpr", [("no", "not load and not proxy"), ("fd", "load"), ("fd", "proxy"),
                                               ("fd", "proxy and not browser"), ("no", "load"),
                                               ("fd", "timed"), ("fd", "browser and timed")])
def test_a_run_that_prints_or_measures_stays_in_one_process(capture, markexpr):
    assert pytest_xdist_auto_num_workers(config(capture, markexpr)) == 0


@pytest.mark.parametrize("markexpr", ["not browser and not load and not proxy and not timed", "browser", "", "not load",
                                      "not timed"])
def test_other_selections_use_the_workers(markexpr):
    assert pytest_xdist_auto_num_workers(config("fd", markexpr)) == WORKERS
