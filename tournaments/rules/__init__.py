"""A contest's rules in plain French (the form built from the engine's options) and a partie's own format and clock over them."""
