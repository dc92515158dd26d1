"""What test files share: functions, constants and positions that more than one test file uses.

A test file imports helpers from here, never from another test file (nor helper functions from
conftest.py, which keeps the fixtures)."""
