"""Players who come alone (mêlée, mixed contests): their pages and forms, their CSV import."""
