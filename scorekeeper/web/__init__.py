"""What every blueprint shares: access, hosting (static files too), errors, templating, languages, the installable
app, health, QR codes, JSON answers, the new-game form and the PDF renderer."""
