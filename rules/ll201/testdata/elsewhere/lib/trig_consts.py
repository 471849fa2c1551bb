"""Trigger keywords the helpers of lib.branchy import."""
NOW = {"availableNow": True}
EAGER = {"processingTime": "3 seconds"}
CALM = {"processingTime": "30 minutes"}
