"""The offline builders of the shipped tables (each seeded, every core: `python -m
crib_trainer.analysis.build.NAME`).
"""
