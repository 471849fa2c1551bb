SLOW = "30 minutes"
FAST = "2 seconds"
