"""Languages other than English (issue 17)."""
