"""The club's organiser pages: the dashboard, the club's page, its players (register, licence, merge), a contest created, changed, closed, its journal page."""
