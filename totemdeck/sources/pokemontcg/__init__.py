"""The pokemon-tcg-data dump (pokemontcg.io): ``sets/en.json`` then ``cards/en/<setId>.json``."""

DEFAULT_URL = "https://raw.githubusercontent.com/PokemonTCG/pokemon-tcg-data/master"
SOURCE_NAME = "pokemontcg"
