"""``python -m tactica``: the same as the ``tactica`` command."""

from tactica.cli.main import run

if __name__ == "__main__":
    run()
