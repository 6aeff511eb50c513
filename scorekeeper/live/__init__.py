"""The live view: the one cache (game, version, typed variant), the 304 path of the polls, the spectators'
scoreboard, and the one after-commit hook that keeps what a commit made."""
