"""What the table wrote down: tables, rubbers, deals. Scores are computed, never stored."""
