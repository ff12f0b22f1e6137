"""Moved to :mod:`manastack.text.execute`; this name is kept for existing imports."""

from manastack.text.execute import Plans, execute, follow_order_plan, target_candidates

__all__ = ["Plans", "execute", "follow_order_plan", "target_candidates"]
