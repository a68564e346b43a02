"""``python -m totemdeck`` runs the command line."""

from totemdeck.cli import run

if __name__ == "__main__":
    run()
