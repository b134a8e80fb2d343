"""The ``tactica`` command line (typer + rich): systems, demo, fight, play, verify, check."""

from tactica.cli.main import app, run

__all__ = ["app", "run"]
