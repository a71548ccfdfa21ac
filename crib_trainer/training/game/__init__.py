"""The practice game against the computer: the game, its grades, hints, the record of
games, a kept game analysed.
"""
