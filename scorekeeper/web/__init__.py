"""What every blueprint shares: access, hosting, errors, templating, languages, assets, the installable app,
health, QR codes, JSON answers, the new-game form and the PDF renderer."""
