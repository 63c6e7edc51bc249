"""Contests in phases: the plan, a phase started and its parties drawn, and the phases read back from their state and results."""
