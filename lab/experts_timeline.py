"""The old entry point of an expert learner's timeline, kept for the callers not yet moved (lab.lessons and
a few tests): the payload is built by :func:`lab.timeline.build_timeline` on a
:class:`datasets.advice.AdviceStream`, like every run.  Nothing is defined here.
"""

from __future__ import annotations

from datasets.advice import AdviceStream

from .timeline import build_timeline


def build_experts_timeline(name: str, values: dict, advice, outcomes, *, seed: int = 0, start: int = 0) -> dict:
    """``build_timeline(name, values, AdviceStream(advice, outcomes), seed=seed, start=start)``."""
    return build_timeline(name, values, AdviceStream(advice, outcomes), seed=seed, start=start)
