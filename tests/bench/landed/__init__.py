"""The engine's rules and bots as landed in commit ee57367, before the fast search path, frozen
for the benchmarks only (``tests/bench/search_speed.py`` measures the current hard bot against
this one in the same run). Not part of the engine wheel; do not change these files.
"""
