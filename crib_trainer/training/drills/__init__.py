"""The drills dealt: hands to count, claims to judge, throws, moments of the play, at the
score, cribs, timed runs.
"""
