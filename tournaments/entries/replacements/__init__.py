"""A player of a team replaced from a partie on: the page and its form."""
