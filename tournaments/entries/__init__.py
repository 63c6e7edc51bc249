"""Teams: their pages and form, the list tables, the CSV import (its reader shared with players alone), a player's replacement."""
