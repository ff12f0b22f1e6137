"""The invariant checks, now in :mod:`manastack.invariants` (the soak uses them too)."""

from __future__ import annotations

from manastack.invariants import InvariantError, all_cids, check, owners, remember_owners

__all__ = ["InvariantError", "all_cids", "check", "owners", "remember_owners"]
