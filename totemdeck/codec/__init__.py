"""The one codec of the codes links carry (deck share codes, game codes)."""
