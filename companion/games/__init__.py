"""The games Table Companion ships: one line each, the name and where its Game lives."""

BUILT_IN: dict[str, str] = {
    "shogun": "companion.games.shogun.rules:GAME",
    "edo": "companion.games.edo.rules:GAME",
    "ivan": "companion.games.ivan.rules:GAME",
    "little-empires": "companion.games.little_empires.rules:GAME",
}
