"""TCGdex (api.tcgdex.net/v2): the newest sets and card names in other languages."""

DEFAULT_URL = "https://api.tcgdex.net/v2"
SOURCE_NAME = "tcgdex"
