"""totemdeck: card catalogue, deck validator and format upkeep for the Totem Format."""

__version__ = "0.2.0"
