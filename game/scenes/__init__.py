"""The pygame scenes: title, setup, table, pause, confirm, help and results."""
