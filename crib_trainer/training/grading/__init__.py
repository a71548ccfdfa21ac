"""Grading: the one judge of every decision, verdicts, answers stored as Attempts, credit,
claims, hints, review.
"""
