import sys

from crib.tools.cli import main

sys.exit(main())
