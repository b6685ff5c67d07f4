"""`python -m game.ai.tablemaker`: see game.ai.tablemaker.cli."""

from game.ai.tablemaker.cli import main

raise SystemExit(main())
