"""The contest's journal read as French sentences, built from the pieces of each action kind."""
