"""The hall's big screen: standings or last results, the players' ranking, refreshed by htmx."""
