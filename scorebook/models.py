"""The models of the ``scorebook`` app, gathered where Django looks for them.

They are defined in their feature (``tables/models.py``: club nights, tables, seats, deals,
revisions) and keep the app label ``scorebook``, so that no database table was renamed when they
moved. Import them from their feature, not from here.
"""

from scorebook.tables.models import Deal, Evening, Revision, Seat, Table, TableEvent, new_token

__all__ = ["Deal", "Evening", "Revision", "Seat", "Table", "TableEvent", "new_token"]
