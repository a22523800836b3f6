"""ramigui: a desktop card table for the French Rami family of rummy games."""

__version__ = "0.1.0"
