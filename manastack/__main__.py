"""`python3 -m manastack`: the command line."""

import sys

from manastack.cli import main

sys.exit(main())
