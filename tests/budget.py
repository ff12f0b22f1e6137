"""Bounding work, not time: a test that must stay cheap counts the Python calls it makes.

Wall-clock limits fail on a loaded machine (two cores shared by four engineers) and pass on a
fast one that hides a quadratic blow-up; a count of calls is the same everywhere. Speed itself
is measured in ``benchmarks/``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any


class OverBudget(AssertionError):
    pass


@contextmanager
def within_calls(budget: int) -> Iterator[list[int]]:
    """Fail if the block makes more than ``budget`` Python and C function calls (yields a
    one-element list holding the count so far). ``MANASTACK_SHOW_CALLS=1`` prints the count."""
    count = [0]

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            count[0] += 1
            if count[0] > budget:
                sys.setprofile(None)
                raise OverBudget(f"more than {budget} calls")

    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(old)
        if os.environ.get("MANASTACK_SHOW_CALLS"):
            print(f"\n[calls: {count[0]} of {budget}]", file=sys.stderr)
