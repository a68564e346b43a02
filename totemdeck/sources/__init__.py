"""Card sources: one sub-package per upstream (client = HTTP, transform = pure normalisation)."""
