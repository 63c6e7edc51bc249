"""The organiser's score-entry pages: a table's sheet, paper entry and corrections, status changes, the tables followed live, their forms."""
