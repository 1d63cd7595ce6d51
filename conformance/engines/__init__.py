"""Running engines: the interface, the harness and protocol, and the adapters for real engines."""
