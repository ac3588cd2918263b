"""Players, clubs, memberships, ladders. This app never imports scorebook."""
