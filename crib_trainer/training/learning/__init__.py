"""The learner: the model folded from his answers, the session that deals next, habits, the
coach, scripted learners.
"""
