"""Compile the learners' numba kernels once, before the suite's processes start (tests/conftest.py).

The kernels are compiled with ``cache=True``: the first process that runs one writes its machine code next to
the module (``__pycache__``), every later one loads it.  On a fresh clone nothing is cached yet, and README's
command starts several processes at once — two pytest-xdist workers, each with its own ``streamlit run`` server,
the Paper lab's job workers — each of which compiled the same kernels (about 15–25 s of a core each).  Playing
every story's run once in pytest's first process, before the workers start, compiles them once for all.
"""

from __future__ import annotations


def compile_kernels() -> int:
    """Play every story's run as its page plays it, and every other learner of the catalog on the first story whose
    page offers it, each with its bound curves; return how many runs were played."""
    from lab import catalog
    from lab.stories import STORIES
    from tests.story_runs import page_run

    played, seen = 0, set()
    for story in STORIES.values():
        page_run(story).curves()
        played += 1
    for story in STORIES.values():
        for name in catalog.PAGES[story.page.removeprefix("views/").removesuffix(".py")]:
            if name not in seen:
                try:
                    page_run(story, name).curves()
                except ValueError:                   # refuses this story's data (the page says why); another may do
                    continue
                seen.add(name)
                played += 1
    return played
