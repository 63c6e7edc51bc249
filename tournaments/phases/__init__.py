"""Contests in phases: the organiser's page and forms of the plan, and the pools, brackets and placement as pages show them."""
