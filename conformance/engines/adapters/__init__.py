"""Adapters that run the suite's scenarios in real rules engines (each a subpackage)."""
