"""The store: what the table saw, kept in the database (models), how the app talks to it (one writer per game),
what a stored value may be, and the glue for the schema's migrations."""
