"""Doctests of the optional extras' modules are collected only when the extras are installed
(the core package and its suite run without numpy, PettingZoo, OpenSpiel or Ray)."""

from __future__ import annotations

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(m) is None for m in modules)


collect_ignore: list[str] = []
if _missing("numpy", "pettingzoo", "gymnasium"):
    collect_ignore.append("manastack/env")
elif _missing("pyspiel"):
    collect_ignore.append("manastack/env/spiel.py")


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    """Tests that start a Ray cluster run on one xdist worker, one after another (two local
    clusters at once would contend for the same ports and session folders)."""
    import pytest

    for item in items:
        path = str(getattr(item, "path", ""))
        if path.endswith(("test_ray.py", "test_tournament.py")):
            item.add_marker(pytest.mark.xdist_group("ray"))  # type: ignore[attr-defined]


def pytest_configure(config: object) -> None:
    """With MANASTACK_EXPECT_COMPILED=1 (CI's run on the compiled build) the suite must import
    the compiled package, not a source tree that shadows it."""
    import os

    if os.environ.get("MANASTACK_EXPECT_COMPILED") == "1":
        import manastack

        if not manastack.COMPILED:
            raise RuntimeError(
                "MANASTACK_EXPECT_COMPILED=1 but manastack is the pure build: "
                + str(manastack.__file__)
            )
