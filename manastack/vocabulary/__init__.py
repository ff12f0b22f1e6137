"""The card vocabulary: each effect, cost, trigger, static ability, filter and amount is a class
that carries its own meaning. ``manastack.cards.model`` gathers them for card declarations."""
