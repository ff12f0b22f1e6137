"""``@dataclass(frozen=True, slots=True)`` for less at import.

The engine declares some 230 frozen, slotted dataclasses: actions, the card model, the
vocabulary. Python 3.11's ``dataclasses`` compiles each generated method on its own (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``: six calls of
``exec`` a class), which was more than half of ``import manastack``. This decorator asks the
standard one for the fields, the slots and ``__match_args__`` (no method generated), then
compiles ``__init__``, ``__eq__`` and ``__hash__`` in one piece, once per shape of fields, and
gives every class the same ``__repr__``, ``__setattr__`` and ``__delattr__``, which read the
fields from the class (they are not on the hot path; the ``__repr__`` has no guard against a
record that contains itself, which a frozen record can't). The classes are still dataclasses:
``dataclasses.fields``, ``replace`` and ``is_dataclass`` work on them as before.

Every other use (not frozen, not slotted, ``order``, ``kw_only``...) goes to the standard
decorator unchanged. So does a class compiled by mypyc: the compiled build generates its
dataclasses natively, and its import time is not the question.

For mypy and mypyc, this ``dataclass`` *is* ``dataclasses.dataclass`` (the ``TYPE_CHECKING``
import below): they check and compile the classes exactly as before. This module stays
interpreted in the compiled build (setup.py), so that the runtime definition exists there.

>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point(1)
Point(x=1, y=0)
>>> Point(1) == Point(1, 0), hash(Point(1)) == hash(Point(1, 0))
(True, True)
>>> Point(1).x = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass"]

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls=None, /, **options):
        """``dataclasses.dataclass``, with one ``exec`` a class when frozen and slotted."""

        def wrap(c):
            return _make(c, options)

        return wrap if cls is None else wrap(cls)


_FAST = {"frozen": True, "slots": True}
# Methods the standard decorator would refuse to replace (a frozen class defining them is
# an error there): such a class goes to it, to get the same error.
_REFUSED = ("__setattr__", "__delattr__")


def _make(cls: Any, options: dict[str, Any]) -> Any:
    if (
        options != _FAST
        or hasattr(cls, "__mypyc_attrs__")  # a native class of the compiled build
        or any(name in cls.__dict__ for name in _REFUSED)
        or any("InitVar" in str(t) for t in inspect.get_annotations(cls).values())
    ):
        return dataclasses.dataclass(cls, **options)
    own = dict(cls.__dict__)
    # Fields, slots and __match_args__, nothing generated (frozen=False: its __init__ would
    # have to assign through the __setattr__ added below).
    new = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=True)
    fields = dataclasses.fields(new)
    if any(f.kw_only for f in fields):
        return dataclasses.dataclass(cls, **options)
    _add_methods(new, fields, own)
    return new


def _add_methods(cls: Any, fields: tuple[dataclasses.Field[Any], ...], own: dict[str, Any]) -> None:
    env: dict[str, Any] = {
        "__MISSING": _FACTORY,
    }
    params: list[str] = []
    body: list[str] = []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            env[f"__d_{f.name}"] = f.default
            value = f"__d_{f.name}"
            if f.init:
                params.append(f"{f.name}=__d_{f.name}")
                value = f.name
        elif f.default_factory is not dataclasses.MISSING:
            env[f"__f_{f.name}"] = f.default_factory
            value = f"__f_{f.name}()"
            if f.init:
                params.append(f"{f.name}=__MISSING")  # shown as <factory>
                value = f"__f_{f.name}() if {f.name} is __MISSING else {f.name}"
        elif f.init:
            params.append(f.name)
            value = f.name
        else:
            continue  # set by __post_init__, as with the standard decorator
        # Through the slot's own setter: the class's __setattr__ refuses, and
        # object.__setattr__ would look the slot up again at every call.
        env[f"__s_{f.name}"] = getattr(cls, f.name).__set__
        body.append(f"    __s_{f.name}(self, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
    src = "\n".join(
        [
            f"def __make({', '.join(env)}):",
            f"  def __init__(self, {', '.join(params)}):",
            *(body or ["    pass"]),
            "  def __eq__(self, other):",
            "    if other.__class__ is self.__class__:",
            f"      return {_tuple('self', compared)} == {_tuple('other', compared)}",
            "    return NotImplemented",
            "  def __hash__(self):",
            f"    return hash({_tuple('self', hashed)})",
            "  return __init__, __eq__, __hash__",
        ]
    )
    # Compiled once per shape (the same fields, defaults and comparisons give the same
    # source), run in the class's module as the standard decorator's methods are.
    code = _CODE.get(src)
    if code is None:
        code = _CODE[src] = compile(src, "<manastack.frozen>", "exec")
    module = sys.modules.get(cls.__module__)
    scope: dict[str, Any] = {}
    exec(code, module.__dict__ if module is not None else {}, scope)
    init, eq, hash_ = scope["__make"](*env.values())
    init.__annotations__ = {f.name: f.type for f in fields if f.init} | {"return": None}
    for name, fn in (("__init__", init), ("__eq__", eq), ("__hash__", hash_)):
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
    methods = {
        "__init__": init,
        "__repr__": _repr,
        "__eq__": eq,
        "__setattr__": _setattr,
        "__delattr__": _delattr,
        "__getstate__": _getstate,
        "__setstate__": _setstate,
    }
    for name, fn in methods.items():
        if name not in own:
            setattr(cls, name, fn)
    # As the standard decorator: an explicit __hash__ stays, unless it is the None that
    # defining __eq__ in the class body implies.
    explicit = own.get("__hash__", dataclasses.MISSING)
    if explicit is dataclasses.MISSING or (explicit is None and "__eq__" in own):
        cls.__hash__ = hash_


_CODE: dict[str, Any] = {}


class _Factory:
    # The default of a parameter whose field has a default factory (as in the standard one).
    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _tuple(obj: str, names: list[str]) -> str:
    return "(" + "".join(f"{obj}.{n}," for n in names) + ")"


def _getstate(self: Any) -> list[Any]:
    # Pickling (worker processes, Ray): a frozen instance is rebuilt without its __setattr__.
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=True):
        object.__setattr__(self, f.name, value)


# The methods that need not be generated: neither is on the hot path (a frozen record is never
# assigned to; repr is for people), so they read the fields where the class keeps them.


def _repr(self: Any) -> str:
    shown = ", ".join(
        f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr
    )
    return f"{self.__class__.__qualname__}({shown})"


def _owner(self: Any, name: str, method: Any) -> Any:
    # The class this frozen method was given to (a plain subclass may add attributes of its own).
    return next(c for c in type(self).__mro__ if c.__dict__.get(name) is method)


def _setattr(self: Any, name: str, value: Any) -> None:
    owner = _owner(self, "__setattr__", _setattr)
    if type(self) is owner or name in owner.__dataclass_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
    super(owner, self).__setattr__(name, value)


def _delattr(self: Any, name: str) -> None:
    owner = _owner(self, "__delattr__", _delattr)
    if type(self) is owner or name in owner.__dataclass_fields__:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
    super(owner, self).__delattr__(name)
