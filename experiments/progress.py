"""Progress reports of the experiments: the fraction of the work done and a short text.

Every experiment's run function takes ``progress``, a callable
``progress(fraction, text)`` or None.  It is called between units of work
(a fold, a permutation, a model), never inside one, with fractions in
[0, 1] that never decrease; the first call is at 0 and the last at exactly
1.0.  The Paper lab page feeds it to ``st.progress`` (each update is also
the point where a pressed Stop button interrupts the run); the command line
shows it as one line on a terminal and prints nothing extra otherwise.

Examples
--------
>>> seen = []
>>> steps = Steps(lambda fraction, text: seen.append((fraction, text)), total=2, start="two folds")
>>> steps.step("fold 1"); steps.step("fold 2"); steps.finish()
>>> seen
[(0.0, 'two folds'), (0.5, 'fold 1'), (1.0, 'fold 2'), (1.0, 'done')]
"""

from __future__ import annotations

import sys
from typing import Callable

Progress = Callable[[float, str], None]


class Steps:
    """Counts ``total`` units of work and reports done/total after each through ``progress``.

    ``progress`` None makes every call a no-op, so run functions call it
    unconditionally.  More steps than announced stay at 1.0 (never above).
    """

    def __init__(self, progress: Progress | None, total: int, start: str = "starting"):
        total = int(total)
        if total < 1:
            raise ValueError(f"an experiment needs at least one unit of work; got total={total}.")
        self.progress = progress
        self.total = total
        self.done = 0
        self._report(0.0, start)

    def _report(self, fraction: float, text: str) -> None:
        if self.progress is not None:
            self.progress(min(1.0, max(0.0, float(fraction))), str(text))

    def step(self, text: str) -> None:
        """One more unit done."""
        self.done = min(self.done + 1, self.total)
        self._report(self.done / self.total, text)

    def finish(self, text: str = "done") -> None:
        """The whole run is done: report exactly 1.0."""
        self.done = self.total
        self._report(1.0, text)


def terminal_line(stream=None) -> Progress | None:
    """A progress callback that redraws one line (``[ 42%] text``) on a terminal, or None if
    ``stream`` (default stderr) is not a terminal: piped output stays exactly the results."""
    stream = sys.stderr if stream is None else stream
    if not getattr(stream, "isatty", lambda: False)():
        return None

    def show(fraction: float, text: str) -> None:
        line = f"[{100 * fraction:3.0f}%] {text}"[:100]
        stream.write("\r" + line.ljust(100) + ("\n" if fraction >= 1.0 else ""))
        stream.flush()

    return show
