"""A real server's static file serving (``server.enableStaticServing``) hands out plotly.js and nothing else.

Streamlit serves every file under ``static/`` at ``/app/static/``.  The folder holds only the
copy of plotly.js that components/plotly_assets.py makes there; nothing of the repository
(an ignore file, a placeholder) lives in it, so no such file can be fetched.
"""

from __future__ import annotations

import shutil
import subprocess
import urllib.error
import urllib.request

import pytest

from components.plotly_assets import PLOTLY_JS, STATIC, ensure_plotly_js

from .conftest import ROOT

pytestmark = pytest.mark.browser


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_static_serves_plotly_js_and_nothing_else(server_url):
    assert ensure_plotly_js()                          # what the first page with a chart does
    assert sorted(path.name for path in STATIC.iterdir()) == [PLOTLY_JS]
    with urllib.request.urlopen(f"{server_url}/app/static/{PLOTLY_JS}", timeout=30) as response:
        assert response.status == 200 and b"plotly" in response.read(4096).lower()
    for name in (".gitignore", ".keep", ".gitkeep", "README.md", "x.part"):
        assert status(f"{server_url}/app/static/{name}") == 404, name
    for escape in ("../app.py", "..%2Fapp.py", "%2E%2E/.streamlit/config.toml"):
        assert status(f"{server_url}/app/static/{escape}") in (400, 404), escape


def test_nothing_under_static_is_part_of_the_repository():
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run([git, "ls-files", "static"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert tracked.stdout == ""
    for name in (PLOTLY_JS, "copy.part"):
        ignored = subprocess.run([git, "check-ignore", "-q", f"static/{name}"], cwd=ROOT)
        assert ignored.returncode == 0, f"git would offer static/{name} for a commit"
