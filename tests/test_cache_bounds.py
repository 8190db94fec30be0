"""Every cache shared across sessions is bounded in entries and in time (issue 19): nothing a class
computed stays on the server for ever."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cache_calls():
    for folder in ("views", "ui", "lab", "components"):
        for path in (ROOT / folder).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr in ("cache_data", "cache_resource"):
                    yield path.name, node


def test_every_shared_cache_has_max_entries_and_ttl():
    calls = list(cache_calls())
    assert len(calls) >= 5, "the scan finds the lab's caches"
    for name, call in calls:
        keywords = {k.arg for k in call.keywords}
        assert {"max_entries", "ttl"} <= keywords, f"{name}, line {call.lineno}: a cache without max_entries and ttl"
