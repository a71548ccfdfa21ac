import sys

from crib_trainer.cli import main

sys.exit(main())
