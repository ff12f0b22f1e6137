"""A pytest plugin: ``*.scenario.yaml`` files are collected as test items, one per scenario."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from manastack.errors import InputError
from manastack.scenario.model import Scenario
from manastack.scenario.suite import SUFFIX, failure_report, load


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            scenarios = load(self.path)
        except InputError as e:
            yield BadScenarioFile.from_parent(self, name=self.path.name, error=e)
            return
        for sc in scenarios:
            yield ScenarioItem.from_parent(self, name=sc.name, scenario=sc)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: Scenario, **kw: Any) -> None:
        super().__init__(**kw)
        self.scenario = scenario

    def runtest(self) -> None:
        from manastack.scenario.runner import run

        result = run(self.scenario)
        if not result.passed:
            raise ScenarioFailed(failure_report(result))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.line, f"scenario: {self.scenario.name}"


class BadScenarioFile(pytest.Item):
    def __init__(self, *, error: InputError, **kw: Any) -> None:
        super().__init__(**kw)
        self.error = error

    def runtest(self) -> None:
        raise ScenarioFailed(str(self.error))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario file: {self.path.name}"
