"""The models of the ``scorebook`` app, gathered where Django looks for them.

They are defined in their features (``tables/models.py``: tables, seats, deals, revisions;
``clubs/models.py``: club nights) and keep the app label ``scorebook``, so that no database
table was renamed when they moved. Import them from their feature, not from here.
"""

from scorebook.clubs.models import Evening
from scorebook.tables.models import Deal, Revision, Seat, Table, TableEvent, new_token

__all__ = ["Deal", "Evening", "Revision", "Seat", "Table", "TableEvent", "new_token"]
