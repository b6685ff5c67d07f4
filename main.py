"""Start the game: python main.py [--data-dir PATH] [--windowed|--fullscreen]."""

from game.app import main

raise SystemExit(main())
