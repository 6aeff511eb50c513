"""The play: games, rounds and groups as the table plays them (services that flush, never commit, and know no HTTP),
the fold of a game's rounds through its rules, the read model every answer reads, charts and backups."""
