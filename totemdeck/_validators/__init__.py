"""Validators compiled from schemas/ by scripts/compile_schemas.py (``make schemas``)."""
