"""The Oracle-text compiler: a card of the base (MTGJSON, January 2017) becomes a declaration in
the card vocabulary exactly, or is refused with the line, the fragment and the reason.

``normalise`` brings the 2017 wording to today's; ``grammar`` reads each line; ``compiler``
builds the card; ``render`` writes a compiled card back as canonical text (the check that no
clause was dropped).
"""

from manastack.oracle.compiler import Compiled, compile_row
from manastack.oracle.refusal import Refusal

__all__ = ["Compiled", "Refusal", "compile_row"]
