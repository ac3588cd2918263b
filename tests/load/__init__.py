"""The load harness (``make load``): see docs/load.md. Not collected by pytest."""
