"""``python -m irreg.cli``: the ``irreg`` command."""

import sys

from irreg.cli import main

sys.exit(main())
