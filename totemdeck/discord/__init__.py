"""The Discord app: totemdeck's answers as Discord interactions.

``signature`` checks every request is Discord's (Ed25519, as Discord requires), ``commands``
holds the slash and message commands ``totemdeck discord register`` sends, and ``replies``
turns one interaction into its answer through the library's verbs, within Discord's limits
(``limits``). The web app's ``POST /discord/interactions`` is the face; this room is pure.
"""
