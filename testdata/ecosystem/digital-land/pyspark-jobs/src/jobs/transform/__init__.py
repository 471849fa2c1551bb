"""Transform module for data transformation rules."""
