"""The CSV import of players who come alone: the file checked and previewed, then the upload and confirm pages."""
