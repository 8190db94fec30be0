"""An uncaught error shows the browser a short message; its text and traceback go only to the server's log.

``client.showErrorDetails`` is ``"none"`` in .streamlit/config.toml (Streamlit's default,
``"full"``, shows every user the error's text and a traceback with the server's file paths).
The app tests/browser/error_app.py raises an error whose text holds a secret-looking token;
on a real server (started here, so its log can be read) the page must show neither the
token, nor the exception's type, nor a path of the repository, and the log must hold all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import IDLE, ROOT, _stop, free_port, start_server

pytestmark = pytest.mark.browser

APP = Path(__file__).with_name("error_app.py")
SECRET = "token-7f3a9c-not-for-browsers"           # as in error_app.py


def test_an_uncaught_error_shows_a_short_message_and_logs_the_details(page):
    process = start_server(APP, port := free_port())
    try:
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector(IDLE, timeout=30_000)
        error = page.locator('[data-testid="stException"]')
        error.first.wait_for(timeout=30_000)
        shown = page.locator('[data-testid="stMain"]').inner_text()
        html = page.content()
    finally:
        _stop(process)
        process.log.seek(0)
        log = process.log.read().decode("utf-8", "replace")
    assert "This app has encountered an error" in shown
    for private in (SECRET, "RuntimeError", "Traceback", str(ROOT), "error_app.py", "def fail"):
        assert private not in shown and private not in html, f"{private!r} reached the browser"
    assert SECRET in log and "RuntimeError" in log and "Traceback" in log and "error_app.py" in log
