import sys

from crib.cli import main

sys.exit(main())
