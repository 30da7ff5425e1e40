"""The explorer's views: one small Panel component per area, each reading the shared state."""
