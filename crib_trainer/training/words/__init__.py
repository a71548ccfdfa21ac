"""Words made from the numbers: the spoken count, patterns, discard principles, pegging
reasons, the play told.
"""
