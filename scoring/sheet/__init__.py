"""What the table's and the organiser's pages share: a sheet shown, a refused write answered, a deal previewed and corrected."""
