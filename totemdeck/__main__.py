"""``python -m totemdeck`` runs the command line."""

from totemdeck.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
