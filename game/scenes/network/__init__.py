"""Playing with friends at other computers: the host's table before the match
(host_scene.py) and finding a table and taking a seat (join_scene.py); the match itself is
played on the table scene, following the host (game.net.screen)."""
