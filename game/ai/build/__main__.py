"""`python -m game.ai.build`: see game.ai.build.cli."""

from game.ai.build.cli import main

raise SystemExit(main())
