"""``python -m _irreg_cli``: the ``irreg`` command."""

import sys

from _irreg_cli import main

sys.exit(main())
