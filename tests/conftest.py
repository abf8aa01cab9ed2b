import pytest

from shogun_table import Table


@pytest.fixture
def table() -> Table:
    return Table()
