"""Ivan the Terrible, the first tsar («Иван Грозный. Первый царь», Hobby World, 2023):
boyar families send their boyars into the Kremlin's chambers, coins under them, over four
decades; the tsar's favour breaks every tie.

The rulebook gives the flow and every number of the rounds and the scoring; the faces of
the cards, tokens and the map are printed on the components only, so the table enters
what they gave (referee mode) or tells the game the printed values it asks for.
"""

RULES_VERSION = 1
