"""The table on a tablet, the hands on phones: a Flask app driving the Shogun engine."""
from web.app import create_app

__all__ = ["create_app"]
