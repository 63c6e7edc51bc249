"""A contest's data as files (CSV, XLSX, ODS): the contest, team and players' standings, phases' columns, safe spreadsheets."""
