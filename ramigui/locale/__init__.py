"""Translation catalogues: one dict per language, the same keys in each (tested)."""
