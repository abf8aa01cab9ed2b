"""Messages in the players' languages: Russian first, then Czech and English.

Refusals and log lines travel as a key and parameters; this package turns them into a
sentence for one device, from the catalogues of the game that said them (``catalogues``),
with the language's real plural forms (``plurals``) in ICU MessageFormat (``pattern``).
"""
from companion.i18n.catalogues import DEFAULT, LANGUAGES, PLATFORM, catalog, chain
from companion.i18n.names import Names
from companion.i18n.pattern import MessageSyntaxError, arguments, format_message, parse
from companion.i18n.plurals import categories, plural_category
from companion.i18n.render import english, render, sentence

__all__ = ["DEFAULT", "LANGUAGES", "PLATFORM", "MessageSyntaxError", "Names",
           "arguments", "catalog", "categories", "chain", "english", "format_message", "parse",
           "plural_category", "render", "sentence"]
