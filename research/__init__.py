"""Research on the bots, apart from the product: experiments and the tools that measure them
(``vs_openspiel.py`` against OpenSpiel's ISMCTS, ``card_reading.py`` on reading the hidden hands).
Nothing in ``pygames/`` imports this package; its tests are in ``research/tests/``."""
